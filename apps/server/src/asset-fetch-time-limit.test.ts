import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process.ts';

// main.ts as a real process, ASSET_FETCH_TIMEOUT_SECONDS=2: an asset URL whose server trickles a byte
// a second (never idle, never done) ends with a clear 422 once the whole download passes the limit,
// its connection closed and its spool file removed, instead of holding all three for ten minutes.
describe('the total time limit on asset URL downloads', () => {
  it('cuts a trickling download at ASSET_FETCH_TIMEOUT_SECONDS with a 422 naming the limit, and removes its spool file', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pg-asset-fetch-limit-'));
    const open = new Set<ServerResponse>();
    let closed = 0;
    const trickler = createServer((_request, response) => {
      open.add(response);
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '100000' });
      response.write(Buffer.from([0xff, 0xd8]));
      const drip = setInterval(() => response.write(Buffer.from([0x00])), 1000);
      response.on('close', () => {
        clearInterval(drip);
        open.delete(response);
        closed += 1;
      });
    });
    await new Promise<void>((resolve) => trickler.listen(0, '127.0.0.1', resolve));
    const assetUrl = `http://127.0.0.1:${(trickler.address() as AddressInfo).port}/slow.jpg`;
    const server = await startServerProcess(dataDir, { ASSET_FETCH_TIMEOUT_SECONDS: '2', FETCH_ALLOW_HOSTS: '127.0.0.1', TRUST_LIST_REFRESH_HOURS: '0', ENGINE_WORKERS: '0' });
    try {
      const started = Date.now();
      const response = await fetch(`${server.baseUrl}/api/v1/verify-content`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ assetUrl }),
        // Liveness only: the old limit (ten minutes) would hold the request far past this.
        signal: AbortSignal.timeout(30_000),
      });
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(response.status).toBe(422);
      expect(body.error.message).toMatch(/did not finish downloading within 2 s/);
      expect(Date.now() - started).toBeLessThan(30_000);
      await expect.poll(() => closed, { timeout: 5_000 }).toBe(1);
      const spool = path.join(dataDir, 'tmp', 'uploads');
      expect(readdirSync(spool).filter((file) => file.endsWith('.download'))).toEqual([]);
    } finally {
      for (const response of open) response.destroy();
      trickler.close();
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 90_000);
});
