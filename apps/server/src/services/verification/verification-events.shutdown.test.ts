// Verification events are written behind the answers, in batches: main.ts as a real process, under
// verifications kept coming over keep-alive connections, is sent SIGTERM; it must stop cleanly (exit 0
// within its grace, though a connection answered after the signal stays idle in a client's pool) and
// every verification it answered must have its event in the database afterwards.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { makeImage } from '@provenance/engine/testing';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/schema/index.ts';
import { startServerProcess } from '../../testing/server-process.ts';

const CLIENTS = 8;

describe('verification events across a shutdown', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'events-shutdown-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('writes the event of every verification answered before SIGTERM, and exits 0 within the grace', async () => {
    // Nine clients from one address: its fair share must not turn the ninth away.
    const server = await startServerProcess(dataDir, { TRUST_LIST_REFRESH_HOURS: '0', OCSP: 'off', PUBLIC_CONCURRENCY_PER_CLIENT: '1000' });
    const photo = await makeImage('png', 64, 48);
    const answered: string[] = [];
    let stopped = false;
    // Each client verifies one upload after another on its keep-alive connection until the server stops answering.
    const client = async () => {
      while (!stopped) {
        try {
          const response = await fetch(`${server.baseUrl}/api/v1/verify-content`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: photo });
          if (response.status !== 200) {
            await response.body?.cancel();
            return;
          }
          answered.push(((await response.json()) as { eventId: string }).eventId);
        } catch {
          return;
        }
      }
    };
    let running = CLIENTS;
    const clients = Array.from({ length: CLIENTS }, () => client().finally(() => (running -= 1)));
    while (answered.length < 50 && running > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running).toBe(CLIENTS);
    // One more client's verification is under way at the signal (its headers read, which the server
    // says with 100 Continue, its body not yet sent): answered with keep-alive, as it began before the
    // shutdown, its connection then waits idle in the client's pool, as a proxy's would.
    const lingering = new http.Agent({ keepAlive: true });
    const late = http.request(`${server.baseUrl}/api/v1/verify-content`, {
      method: 'POST',
      agent: lingering,
      headers: { 'content-type': 'image/png', 'content-length': String(photo.byteLength), expect: '100-continue' },
    });
    const lateAnswer = new Promise<number | undefined>((resolve, reject) => {
      late.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      });
      late.on('error', reject);
    });
    const headersRead = new Promise((resolve) => late.once('continue', resolve));
    late.flushHeaders();
    await headersRead;
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    late.end(photo);
    expect(await lateAnswer).toBe(200);
    const code = await server.exited;
    lingering.destroy();
    stopped = true;
    await Promise.all(clients);

    const database = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    try {
      const written = new Set<string>();
      for (let start = 0; start < answered.length; start += 500) {
        const rows = await database.db.select({ id: verificationEvents.id }).from(verificationEvents).where(inArray(verificationEvents.id, answered.slice(start, start + 500)));
        for (const row of rows) written.add(row.id);
      }
      expect(answered.filter((id) => !written.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
    // Stopped by its own shutdown, not by the forced exit after SHUTDOWN_GRACE_MS: the connections of
    // requests answered after the signal, left idle in the clients' pools, do not hold it open.
    expect(code).toBe(0);
  }, 120_000);
});
