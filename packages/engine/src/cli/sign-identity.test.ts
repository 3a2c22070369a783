// `provenance sign` names an actor as the server does: with --identity-key and --identity-chain the
// manifest carries a CAWG identity assertion signed with that credential, apart from the claim
// signer (here the data dir's local PKI). c2pa-rs, given the identity credential's root as an
// anchor, validates its signature and trusts it; `provenance verify` names the actor.
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ensureLocalPki, verify } from '../index.ts';
import { issueAccountCertificate } from '../pki/account-certificate.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createTrustStore } from '../trust/trust-store.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => done({ code: error ? 1 : 0, stdout, stderr }));
  });
}

describe('provenance sign --identity-key --identity-chain', () => {
  it('signs the claim with the claim signer and a CAWG identity with the credential, which c2pa-rs validates', async () => {
    const work = mkdtempSync(join(tmpdir(), 'pg-cli-identity-'));
    const dataDir = join(work, 'data');
    const { pki: claimPki } = await ensureLocalPki(join(dataDir, 'pki'));
    // The organisation's credential from another CA (its own PKI), as an uploaded identity certificate would be.
    const { pki: identityPki } = await ensureLocalPki(join(work, 'identity-ca'));
    const credential = await issueAccountCertificate(identityPki.dir, { organization: 'Harbour Times', ocspUrl: 'http://127.0.0.1:9/ocsp' });
    writeFileSync(join(work, 'identity.key.pem'), credential.privateKeyPem);
    writeFileSync(join(work, 'identity.chain.pem'), credential.certificateChainPem);
    writeFileSync(join(work, 'in.jpg'), await makeImage('jpeg'));

    const signed = await run([
      'sign', join(work, 'in.jpg'), '-o', join(work, 'out.jpg'), '--creator', 'Ada Reporter', '--data-dir', dataDir,
      '--identity-key', join(work, 'identity.key.pem'), '--identity-chain', join(work, 'identity.chain.pem'), '--identity-role', 'cawg.publisher',
    ]);
    expect(signed.stderr).not.toMatch(/error/i);
    expect(signed.code).toBe(0);

    const bytes = new Uint8Array(readFileSync(join(work, 'out.jpg')));
    const { verification, report } = await verify(bytes, 'image/jpeg', { trust: createTrustStore([claimPki.rootCertificatePem, identityPki.rootCertificatePem]) });
    expect(verification.status).toBe('verified');
    // The claim signer is the local PKI's, not the actor.
    expect(report.signer?.serialNumber).toBe(new X509Certificate(claimPki.signerChainPem).serialNumber.toLowerCase());
    const [actor, ...others] = verification.identities ?? [];
    expect(others).toEqual([]);
    expect(actor).toMatchObject({ label: 'cawg.identity', name: 'Harbour Times', status: 'trusted' });
    expect(actor!.codes.success.map((code) => code.code)).toEqual(expect.arrayContaining(['cawg.identity.well-formed', 'cawg.x509.signature.validated', 'cawg.x509.credential.trusted']));

    const shown = await run(['verify', join(work, 'out.jpg'), '--no-ocsp', '--data-dir', dataDir]);
    expect(shown.stdout).toContain('actor     Harbour Times');
  }, 60_000);

  it('refuses an identity key without its chain, signing nothing', async () => {
    const work = mkdtempSync(join(tmpdir(), 'pg-cli-identity-half-'));
    writeFileSync(join(work, 'in.jpg'), await makeImage('jpeg'));
    const refused = await run(['sign', join(work, 'in.jpg'), '-o', join(work, 'out.jpg'), '--data-dir', join(work, 'data'), '--identity-key', join(work, 'in.jpg')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--identity-key and --identity-chain go together');
  }, 60_000);
});
