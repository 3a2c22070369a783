// `provenance verify` asks the signer's OCSP responder (openssl ocsp on loopback) through its safe
// fetcher and says the answer; --no-ocsp asks no one; a revoked signer is invalid.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, sign } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { startOcspTestAuthority, type OcspTestAuthority } from '../testing/ocsp-responder.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout) => done({ code: error ? 1 : 0, stdout }));
  });
}

let authority: OcspTestAuthority;
let dir: string;

beforeAll(async () => {
  authority = await startOcspTestAuthority();
  dir = mkdtempSync(join(tmpdir(), 'pg-cli-ocsp-'));
  writeFileSync(join(dir, 'root.pem'), authority.rootPem);
  const signer = createPemSigner({ privateKeyPem: authority.signerKeyPem, certificateChainPem: authority.signerChainPem });
  writeFileSync(join(dir, 'signed.jpg'), (await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'OCSP Tester' }, { signer })).signedBytes);
}, 30_000);
afterAll(async () => authority?.close());

describe('provenance verify and OCSP', () => {
  it('says the responder’s answer, asks no one with --no-ocsp, and is invalid once the signer is revoked', async () => {
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', TRUST_LISTS: '', TRUST_ANCHORS: '' };
    const flags = ['--no-bundled-lists', '--no-local-root', '--trust-list', `test=${join(dir, 'root.pem')}`, '--json'];
    const good = JSON.parse((await run(['verify', join(dir, 'signed.jpg'), ...flags], env)).stdout);
    expect(good.verification.status).toBe('verified');
    expect(good.verification.revocation).toMatchObject({ status: 'good', source: 'ocsp', responder: authority.url });

    const off = JSON.parse((await run(['verify', join(dir, 'signed.jpg'), ...flags, '--no-ocsp'], env)).stdout);
    expect(off.verification.revocation).toBeUndefined();
    const plain = ['--no-bundled-lists', '--no-local-root', '--trust-list', `test=${join(dir, 'root.pem')}`];
    // Revocation unasked, or the responder out of reach: never a bare VERIFIED.
    const unasked = (await run(['verify', join(dir, 'signed.jpg'), ...plain, '--no-ocsp'], env)).stdout;
    expect(unasked).toContain('signed.jpg: VERIFIED (revocation not checked)');
    expect(unasked).toContain('revocation not checked (--no-ocsp)');
    const unreachable = (await run(['verify', join(dir, 'signed.jpg'), ...plain], { ...env, FETCH_ALLOW_HOSTS: '' })).stdout;
    expect(unreachable).toContain('signed.jpg: VERIFIED (revocation not checked)');
    const asked = (await run(['verify', join(dir, 'signed.jpg'), ...plain], env)).stdout;
    expect(asked).toMatch(/signed\.jpg: VERIFIED\n/);

    await authority.revoke(new Date(Date.now() - 24 * 3_600_000));
    const revoked = await run(['verify', join(dir, 'signed.jpg'), ...flags.filter((flag) => flag !== '--json')], env);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/INVALID/);
    expect(revoked.stdout).toMatch(/revocation REVOKED at/);
    expect(revoked.stdout).toContain('signingCredential.revoked');
  }, 60_000);
});
