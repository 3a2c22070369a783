// `provenance sign` reads TSA_URL as the server does (off: no timestamp; --tsa wins), and
// `provenance timestamp FILE --tsa URL -o OUT` gives a file signed without a timestamp an update
// manifest carrying one, through the safe fetcher, from a real RFC 3161 authority on 127.0.0.1: four
// years on, when the local PKI's signing certificate (three years) has expired, the timestamped copy
// still verifies where the original is signingCredential.expired.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTsa, type LocalTsa } from '../testing/local-tsa.ts';
import { makeBmff, makeImage } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const { TSA_URL: _inherited, ...inherited } = process.env;
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...inherited, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as NodeJS.ErrnoException & { code: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('provenance timestamp, and TSA_URL for provenance sign', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cli-timestamp-'));
  const allowLoopback = { FETCH_ALLOW_HOSTS: '127.0.0.1' };
  const inFourYears = new Date(Date.now() + 4 * 365 * 86_400_000).toISOString();
  let tsa: LocalTsa;
  beforeAll(async () => {
    tsa = await startLocalTsa();
    writeFileSync(join(dir, 'tsa-root.pem'), tsa.rootPem);
    writeFileSync(join(dir, 'photo.jpg'), await makeImage('jpeg', 96, 64, 47));
  });
  afterAll(async () => tsa?.close());

  const verifyAt = async (file: string) => {
    const result = await run(['verify', join(dir, file), '--at', inFourYears, '--json', '--data-dir', dir, '--tsa-anchors', join(dir, 'tsa-root.pem')]);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { verification: { status: string; reasonCode: string | null } };
  };

  it('signs with a timestamp from TSA_URL, and without one when it is off or --tsa off says so', async () => {
    const stamped = await run(['sign', join(dir, 'photo.jpg'), '-o', join(dir, 'env-stamped.jpg'), '--data-dir', dir], { ...allowLoopback, TSA_URL: tsa.url });
    expect(stamped.code, stamped.stderr).toBe(0);
    expect(tsa.requests).toBe(1);
    expect((await verifyAt('env-stamped.jpg')).verification.status).toBe('verified');

    const off = await run(['sign', join(dir, 'photo.jpg'), '-o', join(dir, 'plain.jpg'), '--data-dir', dir], { ...allowLoopback, TSA_URL: 'off' });
    expect(off.code, off.stderr).toBe(0);
    const flagOff = await run(['sign', join(dir, 'photo.jpg'), '-o', join(dir, 'flag-off.jpg'), '--tsa', 'off', '--data-dir', dir], { ...allowLoopback, TSA_URL: tsa.url });
    expect(flagOff.code, flagOff.stderr).toBe(0);
    expect(tsa.requests).toBe(1);

    const bad = await run(['sign', join(dir, 'photo.jpg'), '-o', join(dir, 'bad.jpg'), '--data-dir', dir], { TSA_URL: 'ftp://tsa.example/' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('TSA_URL: the time-stamping authority must be an http or https URL');
    expect(existsSync(join(dir, 'bad.jpg'))).toBe(false);
  }, 60_000);

  it('adds a timestamp to a file signed without one, through the safe fetcher, and the copy outlives the certificate', async () => {
    const plain = join(dir, 'plain.jpg');
    if (!existsSync(plain)) expect((await run(['sign', join(dir, 'photo.jpg'), '-o', plain, '--tsa', 'off', '--data-dir', dir])).code).toBe(0);
    const out = join(dir, 'timestamped.jpg');

    const refused = await run(['timestamp', plain, '--tsa', tsa.url, '-o', out, '--data-dir', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/time-stamping authority failed: Refused to fetch the URL: loopback/);
    expect(existsSync(out)).toBe(false);

    const before = tsa.requests;
    const done = await run(['timestamp', plain, '--tsa', tsa.url, '-o', out, '--data-dir', dir, '--json'], allowLoopback);
    expect(done.code, done.stderr).toBe(0);
    expect(tsa.requests - before).toBe(2);
    const summary = JSON.parse(done.stdout) as { manifestId: string; timestampedManifest: string; bytes: { added: number } };
    expect(summary.bytes.added).toBe(readFileSync(out).byteLength - readFileSync(plain).byteLength);
    expect(summary.manifestId).not.toBe(summary.timestampedManifest);

    const plainLater = await verifyAt('plain.jpg');
    expect(plainLater.verification.status).toBe('invalid');
    expect(plainLater.verification.reasonCode).toBe('signingCredential.expired');
    const stampedLater = await verifyAt('timestamped.jpg');
    expect(stampedLater.verification.status).toBe('verified');

    const again = await run(['timestamp', join(dir, 'env-stamped.jpg'), '--tsa', tsa.url, '-o', join(dir, 'twice.jpg'), '--data-dir', dir], allowLoopback);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already carries a timestamp');
  }, 60_000);

  it('timestamps a video from disk with --stream (as a large one is by default), and the copy outlives the certificate', async () => {
    writeFileSync(join(dir, 'clip.mp4'), makeBmff('mp4', 64 * 1024, 48));
    const plain = join(dir, 'clip-plain.mp4');
    const signed = await run(['sign', join(dir, 'clip.mp4'), '-o', plain, '--stream', '--tsa', 'off', '--data-dir', dir]);
    expect(signed.code, signed.stderr).toBe(0);

    const out = join(dir, 'clip-timestamped.mp4');
    const before = tsa.requests;
    const done = await run(['timestamp', plain, '--stream', '--tsa', tsa.url, '-o', out, '--data-dir', dir, '--json'], allowLoopback);
    expect(done.code, done.stderr).toBe(0);
    expect(tsa.requests - before).toBe(2);
    const summary = JSON.parse(done.stdout) as { mime: string; bytes: { original: number; timestamped: number; added: number } };
    expect(summary.mime).toBe('video/mp4');
    expect(summary.bytes).toEqual({ original: readFileSync(plain).byteLength, timestamped: readFileSync(out).byteLength, added: readFileSync(out).byteLength - readFileSync(plain).byteLength });
    expect((await verifyAt('clip-plain.mp4')).verification.reasonCode).toBe('signingCredential.expired');
    expect((await verifyAt('clip-timestamped.mp4')).verification.status).toBe('verified');

    const photo = await run(['timestamp', join(dir, 'photo.jpg'), '--stream', '--tsa', tsa.url, '-o', join(dir, 'photo-stream.jpg'), '--data-dir', dir], allowLoopback);
    expect(photo.code).toBe(2);
    expect(photo.stderr).toContain('--stream timestamps MP4, MOV, M4A, HEIC, HEIF and AVIF files');
    const itself = await run(['timestamp', plain, '--stream', '--tsa', tsa.url, '-o', plain, '--data-dir', dir], allowLoopback);
    expect(itself.code).toBe(2);
    expect(readFileSync(plain).byteLength).toBe(summary.bytes.original);
  }, 60_000);
});
