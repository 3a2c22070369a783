// `provenance sign` with an expired certificate explains itself and signs nothing: c2pa-rs would sign,
// and every validator would then read the manifest invalid (signingCredential.expired).
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as x509 from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { CA_ALGORITHM, createRootCa, DAY_MS, keyPair, privateKeyPem, serialNumber } from '../pki/certificate-authority.ts';
import { makeImage } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => done({ code: error ? 1 : 0, stdout, stderr }));
  });
}

/** A claim-signing certificate that expired a day ago, under a root that is still valid. */
async function expiredChain(): Promise<{ chainPem: string; keyPem: string }> {
  const root = await createRootCa('CN=Expiry Test Root, O=Provenance Gateway Tests', 30, Date.now() - 10 * DAY_MS);
  const keys = await keyPair();
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: 'CN=Expired Signer, O=Provenance Gateway Tests',
    issuer: root.certificate.subject,
    notBefore: new Date(Date.now() - 5 * DAY_MS),
    notAfter: new Date(Date.now() - DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: root.keys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.4'], false),
    ],
  });
  return { chainPem: `${leaf.toString('pem')}\n`, keyPem: await privateKeyPem(keys.privateKey) };
}

describe('provenance sign with an expired certificate', () => {
  it('says the certificate expired, when, what it would mean and what to do, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-expired-'));
    const { chainPem, keyPem } = await expiredChain();
    writeFileSync(join(dir, 'chain.pem'), chainPem);
    writeFileSync(join(dir, 'key.pem'), keyPem);
    writeFileSync(join(dir, 'photo.jpg'), await makeImage('jpeg', 64, 48, 3));
    const out = join(dir, 'signed.jpg');
    const result = await run(['sign', join(dir, 'photo.jpg'), '-o', out, '--key', join(dir, 'key.pem'), '--chain', join(dir, 'chain.pem')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/The signing certificate \(CN=Expired Signer, O=Provenance Gateway Tests\) expired on \d{4}-\d\d-\d\dT/);
    expect(result.stderr).toContain('would read invalid (signingCredential.expired) to every validator, so nothing was signed');
    expect(result.stderr).toContain('Renew the certificate with its issuer');
    expect(existsSync(out)).toBe(false);
  }, 60_000);
});
