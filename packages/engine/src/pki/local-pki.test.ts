import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureLocalPki, PKI_FILES } from './local-pki.ts';

describe('local PKI', () => {
  it('makes a root, an intermediate and a C2PA claim-signing certificate with private keys', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pg-pki-')), 'pki');
    const { pki, created } = await ensureLocalPki(dir);
    expect(created).toBe(true);
    const [leafPem, intermediatePem] = pki.signerChainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
    const leaf = new X509Certificate(leafPem!);
    const intermediate = new X509Certificate(intermediatePem!);
    const root = new X509Certificate(pki.rootCertificatePem);
    expect(leaf.ca).toBe(false);
    expect(leaf.keyUsage).toEqual(expect.arrayContaining(['1.3.6.1.5.5.7.3.4', '1.3.6.1.4.1.62558.2.1']));
    expect(leaf.checkIssued(intermediate)).toBe(true);
    expect(intermediate.checkIssued(root)).toBe(true);
    expect(root.ca).toBe(true);
    for (const key of [PKI_FILES.rootKey, PKI_FILES.intermediateKey, PKI_FILES.signerKey]) {
      expect(statSync(join(dir, key)).mode & 0o777).toBe(0o600);
    }
  });

  it('names each installation\'s CAs apart and ends every PEM file with a newline', async () => {
    const [a, b] = await Promise.all([0, 1].map(async () => (await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pki-')), 'pki'))).pki));
    const subjects = (pki: typeof a) => {
      const intermediatePem = pki!.signerChainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)![1]!;
      return [new X509Certificate(pki!.rootCertificatePem).subject, new X509Certificate(intermediatePem).subject];
    };
    const [rootA, intermediateA] = subjects(a);
    const [rootB, intermediateB] = subjects(b);
    expect(rootA).not.toBe(rootB);
    expect(intermediateA).not.toBe(intermediateB);
    expect(rootA).not.toBe(intermediateA);
    for (const name of Object.values(PKI_FILES)) {
      expect(readFileSync(join(a!.dir, name), 'utf8').endsWith('\n'), name).toBe(true);
    }
    // Concatenated anchors stay two anchors.
    const bundle = readFileSync(join(a!.dir, PKI_FILES.rootCertificate), 'utf8') + readFileSync(join(b!.dir, PKI_FILES.rootCertificate), 'utf8');
    expect(bundle.match(/^-----BEGIN CERTIFICATE-----$/gm)).toHaveLength(2);
  });

  it('never overwrites a PKI once made, even when two starts race', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pg-pki-')), 'pki');
    const [a, b] = await Promise.all([ensureLocalPki(dir), ensureLocalPki(dir)]);
    expect(a.pki.rootCertificatePem).toBe(b.pki.rootCertificatePem);
    const again = await ensureLocalPki(dir);
    expect(again.created).toBe(false);
    expect(again.pki.signerKeyPem).toBe(readFileSync(join(dir, PKI_FILES.signerKey), 'utf8'));
    expect(again.pki.rootCertificatePem).toBe(a.pki.rootCertificatePem);
  });
});
