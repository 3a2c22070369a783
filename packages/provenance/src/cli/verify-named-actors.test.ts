// The CLI's verify output names each named actor (CAWG identity assertion) apart from the signer,
// with its own verdict: a file signed for an organisation under the data dir's local PKI.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPemSigner, ensureLocalPki, sign } from '../index.ts';
import { issueAccountCertificate } from '../pki/account-certificate.ts';
import { makeImage } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout) => done({ code: error ? 1 : 0, stdout }));
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
});
