// The CLI's verify output names each named actor (CAWG identity assertion) apart from the signer,
// with its own verdict: a file signed for an organisation under the data dir's local PKI. The named
// actor's credential revocation is asked of the OCSP responder it names (openssl ocsp on loopback):
// once revoked, the actor reads revoked while the claim stays verified.
import { execFile } from 'node:child_process';
import type { VerifyResponse } from '../report/verification-report.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPemSigner, ensureLocalPki, sign } from '../index.ts';
import { issueAccountCertificate } from '../pki/account-certificate.ts';
import { makeImage } from '../testing/make-assets.ts';
import { startOcspTestAuthority } from '../testing/ocsp-responder.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout) => done({ code: error ? 1 : 0, stdout }));
  });
}

describe('provenance verify names the actors a manifest names', () => {
  it('says who each named actor is, under whose credential, and its own verdict', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pg-cli-actors-'));
    const { pki } = await ensureLocalPki(join(dataDir, 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const credential = createPemSigner(await issueAccountCertificate(pki.dir, { organization: 'Harbour Times', ocspUrl: 'http://127.0.0.1:9/ocsp' }));
    const signed = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada Reporter', capturedWithCamera: true }, { signer, identity: { credential } });
    const file = join(dataDir, 'harbour.jpg');
    writeFileSync(file, signed.signedBytes);

    const ours = await run(['verify', file, '--no-ocsp', '--data-dir', dataDir]);
    expect(ours.stdout).toMatch(/actor {5}Harbour Times \(credential issued by .+\): identity confirmed/);
    const elsewhere = await run(['verify', file, '--no-ocsp', '--no-local-root', '--data-dir', dataDir]);
    expect(elsewhere.stdout).toContain('actor     Harbour Times');
    expect(elsewhere.stdout).toContain(': identity not confirmed, no identity trust anchor vouches for its credential');
  });

  it('asks the named actor’s OCSP responder: once its credential is revoked the actor reads revoked, the claim’s verdict unchanged', async () => {
    const authority = await startOcspTestAuthority();
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'pg-cli-actor-ocsp-'));
      const { pki } = await ensureLocalPki(join(dataDir, 'pki'));
      const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
      // The organisation's credential comes from another CA, whose responder answers on loopback.
      const credential = createPemSigner({ privateKeyPem: authority.signerKeyPem, certificateChainPem: authority.signerChainPem });
      const signed = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada Reporter' }, { signer, identity: { credential } });
      const file = join(dataDir, 'quay.jpg');
      writeFileSync(file, signed.signedBytes);
      const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', TRUST_LISTS: '', TRUST_ANCHORS: '' };
      const flags = ['--no-bundled-lists', '--data-dir', dataDir];

      const good = JSON.parse((await run(['verify', file, ...flags, '--json'], env)).stdout) as VerifyResponse;
      // Its certificate lacks CAWG's document-signing usage, so no anchor confirms it; its revocation is asked all the same.
      expect(good.verification.identities).toEqual([expect.objectContaining({ status: 'untrusted', revocation: expect.objectContaining({ status: 'good', source: 'ocsp', responder: authority.url }) })]);

      await authority.revoke(new Date(Date.now() - 3_600_000));
      const revoked = JSON.parse((await run(['verify', file, ...flags, '--json'], env)).stdout) as VerifyResponse;
      expect(revoked.verification.status).toBe(good.verification.status);
      expect(revoked.verification.identities).toEqual([expect.objectContaining({ status: 'revoked', revocation: expect.objectContaining({ status: 'revoked' }) })]);
      expect(revoked.verification.identities?.[0]?.codes.failure.map((code) => code.code)).toContain('gateway.identity.credential.revoked');
      const words = (await run(['verify', file, ...flags], env)).stdout;
      expect(words).toMatch(/actor {5}OCSP Test CA \(credential issued by OCSP Test CA\): identity REVOKED, its credential revoked at \d{4}-\d\d-\d\dT/);
    } finally {
      await authority.close();
    }
  }, 60_000);
});
