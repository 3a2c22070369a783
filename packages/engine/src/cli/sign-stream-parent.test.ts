// provenance sign --stream of a file that already carries Content Credentials keeps them as its
// parent ingredient (io/keep-parent.ts) and says so, warning when they were invalid, as the
// in-memory signing does.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeBmff } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as NodeJS.ErrnoException & { code: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('provenance sign --stream of a signed file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cli-stream-parent-'));

  it('keeps its credentials as the parent, and warns when they are invalid', async () => {
    writeFileSync(join(dir, 'video.mp4'), makeBmff('mp4', 512 * 1024));
    expect((await run(['sign', join(dir, 'video.mp4'), '-o', join(dir, 'first.mp4'), '--stream', '--data-dir', dir])).code).toBe(0);
    const again = await run(['sign', join(dir, 'first.mp4'), '-o', join(dir, 'second.mp4'), '--stream', '--json', '--data-dir', dir]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ parentCredentials: { status: 'valid', reason: null }, warnings: [] });
    const verified = await run(['verify', join(dir, 'second.mp4'), '--json', '--data-dir', dir]);
    expect(JSON.parse(verified.stdout)).toMatchObject({ verification: { status: 'verified' } });

    const tampered = readFileSync(join(dir, 'first.mp4'));
    tampered[tampered.indexOf('mdat') + 4096]! ^= 0x01;
    writeFileSync(join(dir, 'tampered.mp4'), tampered);
    const warned = await run(['sign', join(dir, 'tampered.mp4'), '-o', join(dir, 'third.mp4'), '--stream', '--data-dir', dir]);
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stderr).toContain("Warning: The input's own Content Credentials are invalid");
  });
});
