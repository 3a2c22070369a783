// Decompression bombs on the public verification: four 10,000×10,000 one-colour PNGs (a few hundred
// kB each) posted at once to a real server process. The fingerprint taken for recovery must decode
// them within a memory budget and off the main thread: the process's resident memory grows by less
// than 300 MB, another request answers within 3 s meanwhile, and each bomb gets its verdict.
import { readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ZVerifyResponse } from '@provenance/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneImage } from '../../testing/scene-image.ts';
import { startServerProcess, type ServerProcess } from '../../testing/server-process.ts';
import { startScript } from '../../testing/start-script.ts';

const BOMBS = 4;
const MB = 1024 * 1024;

/** A field of /proc/<pid>/status in bytes (VmRSS: resident now; VmHWM: the peak since it was last reset). */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((candidate) => candidate.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? Number.NaN) * 1024;
}

describe('image decompression bombs on POST /verify-content', () => {
  let dataDir: string;
  let server: ServerProcess;
  let bomb: Uint8Array;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pg-image-bombs-'));
    // The server runs with the malloc settings it is deployed with (its start script).
    const [png, started] = await Promise.all([sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#3a7bd5' } }).png({ compressionLevel: 9 }).toBuffer(), startServerProcess(dataDir, startScript().env)]);
    bomb = new Uint8Array(png);
    server = started;
  }, 60_000);
  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const verify = (bytes: Uint8Array, mime: string) => fetch(`${server.baseUrl}/api/v1/verify-content`, { method: 'POST', body: bytes, headers: { 'content-type': mime } });

  it('fingerprints four at once within 300 MB more memory while another request answers within 3 s', async () => {
    expect(bomb.byteLength).toBeLessThan(MB);
    // Warm up: the first fingerprints load what every later one shares.
    const warm = await Promise.all([3, 4, 5].map(async (seed) => verify(await sceneImage(seed), 'image/jpeg')));
    expect(warm.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const pid = server.child.pid!;
    const before = memoryOf(pid, 'VmRSS');
    // Resets VmHWM to the current resident size (Linux clear_refs), so it measures this test's peak.
    writeFileSync(`/proc/${pid}/clear_refs`, '5');

    let done = false;
    const bombs = Promise.all(Array.from({ length: BOMBS }, () => verify(bomb, 'image/png'))).finally(() => (done = true));
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const answer = await fetch(`${server.baseUrl}/api/v1/sbr/services/supportedAlgorithms`);
      expect(answer.status).toBe(200);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answers = await bombs;
    const peakAdded = memoryOf(pid, 'VmHWM') - before;
    console.log(`four bombs: peak RSS added ${Math.round(peakAdded / MB)} MB; slowest other request ${Math.round(Math.max(...latencies))} ms of ${latencies.length}`);

    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(ZVerifyResponse.parse(await answer.json()).verification.status).toBe('unsigned');
    }
    expect(Math.max(...latencies)).toBeLessThan(3000);
    expect(peakAdded).toBeLessThan(300 * MB);
  }, 60_000);
});
