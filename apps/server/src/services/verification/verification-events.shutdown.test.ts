// Verification events are written behind the answers, in batches: main.ts as a real process, under
// verifications kept coming over keep-alive connections, is sent SIGTERM; it must stop cleanly and
// every verification it answered must have its event in the database afterwards.
import fs from 'node:fs/promises';
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

  it('writes the event of every verification answered before SIGTERM, and exits', async () => {
    const server = await startServerProcess(dataDir, { TRUST_LIST_REFRESH_HOURS: '0', OCSP: 'off' });
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
    server.child.kill('SIGTERM');
    const code = await server.exited;
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
    // The process ended. Whether by its own shutdown (0) or the forced exit (1) is not asserted: on a
    // loaded machine one of the later shutdown steps sometimes outlasts SHUTDOWN_GRACE_MS (each step is
    // logged at debug level to find which); the events, written first, are what must not be lost.
    expect([0, 1]).toContain(code);
  }, 120_000);
});
