// Large media in constant memory: the CLI verifies a 300 MB signed MP4 from disk (the bench does
// 2 GB) with a peak resident set, measured by the kernel in the child process, under 512 MB and
// within a few chunks of what it takes to verify a small file: the file is hashed as it streams,
// never held; the same file with a changed media byte is invalid in the same memory. LARGE_MP4_MB
// changes the size.
import { execFile } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki } from './pki/local-pki.ts';

const MEGABYTE = 1024 * 1024;
const LARGE_BYTES = Number(process.env.LARGE_MP4_MB ?? 300) * MEGABYTE;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const CLI = here('../bin/provenance.js');
const PEAK_RSS = here('./testing/report-peak-rss.cjs');
const MAKE_MP4 = here('./testing/large-mp4-command.ts');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { maxBuffer: 64 * MEGABYTE, timeout: 300_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** `provenance verify --json` of a file, and the verifying process's peak RSS in MB. */
async function cliVerify(path: string, dataDir: string): Promise<{ status: string; peakMb: number }> {
  const result = await run(['--require', PEAK_RSS, CLI, 'verify', path, '--json', '--no-ocsp', '--data-dir', dataDir]);
  expect(result.code, result.stderr).toBe(0);
  const peak = /PEAK_RSS_KB=(\d+)/.exec(result.stderr);
  return { status: (JSON.parse(result.stdout) as { verification: { status: string } }).verification.status, peakMb: Number(peak?.[1]) / 1024 };
}

describe('verifying a large MP4 from disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-large-mp4-'));
  const large = join(dir, 'large.mp4');
  const small = join(dir, 'small.mp4');

  beforeAll(async () => {
    await ensureLocalPki(join(dir, 'pki'));
    for (const [path, bytes] of [[large, LARGE_BYTES], [small, MEGABYTE]] as const) {
      const made = await run(['--import', 'tsx', MAKE_MP4, path, String(bytes), join(dir, 'pki')]);
      expect(made.code, made.stderr).toBe(0);
    }
    expect(statSync(large).size).toBeGreaterThan(LARGE_BYTES);
  }, 600_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the memory of a small file, under 512 MB, and verifies it; tampered, it is invalid in the same memory', { timeout: 300_000 }, async () => {
    const baseline = await cliVerify(small, dir);
    const measured = await cliVerify(large, dir);
    expect(baseline.status).toBe('verified');
    expect(measured.status).toBe('verified');
    expect(measured.peakMb).toBeLessThan(512);
    // Two 8 MB hash chunks in flight and c2pa-wasm's prefix: far less than the file.
    expect(measured.peakMb - baseline.peakMb).toBeLessThan(64);

    // One byte of its media changed: invalid, judged in the same memory (the native hash differs, as c2pa-rs's would).
    const fd = openSync(large, 'r+');
    const byte = Buffer.alloc(1);
    readSync(fd, byte, 0, 1, Math.floor(LARGE_BYTES * 0.7));
    writeSync(fd, Buffer.from([byte[0]! ^ 0x01]), 0, 1, Math.floor(LARGE_BYTES * 0.7));
    closeSync(fd);
    const tampered = await cliVerify(large, dir);
    expect(tampered.status).toBe('invalid');
    expect(tampered.peakMb - baseline.peakMb).toBeLessThan(64);
  });
});
