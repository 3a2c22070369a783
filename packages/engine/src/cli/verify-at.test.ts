// `provenance verify --at TIME` validates as of TIME: four years on, the local PKI's signing
// certificate (three years) has expired, so a signature without a timestamp is invalid
// (signingCredential.expired) while a timestamped one still verifies; revocation is not asked then.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTsa, type LocalTsa } from '../testing/local-tsa.ts';
import { makeImage } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => done({ code: error ? 1 : 0, stdout, stderr }));
  });
}

describe('provenance verify --at', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-cli-at-'));
  const allowLoopback = { FETCH_ALLOW_HOSTS: '127.0.0.1' };
  let tsa: LocalTsa;
  const inFourYears = new Date(Date.now() + 4 * 365 * 86_400_000).toISOString();

  beforeAll(async () => {
    tsa = await startLocalTsa();
    writeFileSync(join(dir, 'tsa-root.pem'), tsa.rootPem);
    writeFileSync(join(dir, 'photo.jpg'), await makeImage('jpeg', 96, 64, 31));
    expect((await run(['sign', join(dir, 'photo.jpg'), '-o', join(dir, 'plain.jpg'), '--data-dir', dir])).code).toBe(0);
    expect((await run(['sign', join(dir, 'photo.jpg'), '-o', join(dir, 'stamped.jpg'), '--tsa', tsa.url, '--data-dir', dir], allowLoopback)).code).toBe(0);
  }, 60_000);
  afterAll(async () => tsa?.close());

  const verifyAt = async (file: string, at: string) => {
    const result = await run(['verify', join(dir, file), '--at', at, '--json', '--data-dir', dir, '--tsa-anchors', join(dir, 'tsa-root.pem')]);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as { verification: { status: string; reasonCode: string | null; evidence?: { validatedAt: string }; revocation?: { status: string; reason: string | null } } };
  };

  it('judges certificates at the declared time: an untimestamped signature has expired by then, a timestamped one has not', async () => {
    const plainToday = await verifyAt('plain.jpg', new Date().toISOString());
    expect(plainToday.verification.status).toBe('verified');

    const plainLater = await verifyAt('plain.jpg', inFourYears);
    expect(plainLater.verification.status).toBe('invalid');
    expect(plainLater.verification.reasonCode).toBe('signingCredential.expired');
    expect(plainLater.verification.evidence).toMatchObject({ validatedAt: new Date(inFourYears).toISOString() });
    expect(plainLater.verification.revocation).toMatchObject({ status: 'not_checked', reason: expect.stringContaining('not for then') });

    const stampedLater = await verifyAt('stamped.jpg', inFourYears);
    expect(stampedLater.verification.status).toBe('verified');
    expect(stampedLater.verification.reasonCode).not.toBe('signingCredential.expired');

    const text = await run(['verify', join(dir, 'plain.jpg'), '--at', inFourYears, '--data-dir', dir]);
    expect(text.stdout).toContain(`plain.jpg: Verification Failed (INVALID) as of ${new Date(inFourYears).toISOString()}`);
  }, 60_000);

  it('refuses a time it cannot read without a zone, or beyond its range, with one line', async () => {
    for (const bad of ['2045-01-01', '2045-01-01T00:00:00', 'tomorrow', '3000-01-01T00:00:00Z']) {
      const result = await run(['verify', join(dir, 'plain.jpg'), '--at', bad, '--data-dir', dir]);
      expect(result.code, bad).toBe(1);
      expect(result.stderr, bad).toMatch(/--at: /);
    }
  }, 60_000);
});
