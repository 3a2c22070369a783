import 'reflect-metadata';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AsnConvert } from '@peculiar/asn1-schema';
import { DirectoryString } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, PKI_FILES } from './local-pki.ts';
import { C2PA_ASSURANCE_LEVEL_EXTENSION, C2PA_CPL_RECORD_EXTENSION, issueProductCertificate, ProductCertificateError, type ProductCertificateRequest } from './product-certificate.ts';

const DAY_MS = 86_400_000;
const RECORD = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
let issuerPems: Pick<ProductCertificateRequest, 'issuerCertificatePem' | 'issuerKeyPem'>;
let intermediate: x509.X509Certificate;

beforeAll(async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'pg-product-')), 'pki');
  await ensureLocalPki(dir);
  issuerPems = { issuerCertificatePem: readFileSync(join(dir, PKI_FILES.intermediateCertificate), 'utf8'), issuerKeyPem: readFileSync(join(dir, PKI_FILES.intermediateKey), 'utf8') };
  intermediate = new x509.X509Certificate(issuerPems.issuerCertificatePem);
});

const leafOf = (chainPem: string) => new x509.X509Certificate(chainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)![0]);
const base = (): ProductCertificateRequest => ({ ...issuerPems, product: 'Provenance Gateway', operator: 'Example News Ltd', country: 'GB', ocspUrl: 'https://gateway.example/api/v1/pki/ocsp', caIssuersUrl: 'https://gateway.example/api/v1/pki/intermediate.cer', crlUrl: 'https://gateway.example/api/v1/pki/crl' });

describe('development product certificate (C2PA claim-signing leaf profile, AL1)', () => {
  it('names the product in CN and the operator in O, and carries what the profile requires', async () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const issued = await issueProductCertificate({ ...base(), now });
    const leaf = leafOf(issued.certificateChainPem);
    expect(leaf.subjectName.getField('CN')).toEqual(['Provenance Gateway']);
    expect(leaf.subjectName.getField('O')).toEqual(['Example News Ltd']);
    expect(leaf.subjectName.getField('C')).toEqual(['GB']);
    expect(leaf.issuer).toBe(intermediate.subject);
    expect(await leaf.verify({ publicKey: intermediate.publicKey, signatureOnly: true })).toBe(true);
    // At most 366 days, from (about) now.
    expect(leaf.notAfter.getTime() - leaf.notBefore.getTime()).toBeLessThanOrEqual(366 * DAY_MS);
    expect(leaf.notAfter.getTime()).toBeGreaterThan(now.getTime() + 365 * DAY_MS);

    const basic = leaf.getExtension(x509.BasicConstraintsExtension)!;
    expect([basic.ca, basic.critical]).toEqual([false, true]);
    const usage = leaf.getExtension(x509.KeyUsagesExtension)!;
    expect(usage.critical).toBe(true);
    expect(usage.usages).toBe(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation);
    const eku = leaf.getExtension(x509.ExtendedKeyUsageExtension)!;
    expect(eku.critical).toBe(false);
    expect(eku.usages).toEqual(expect.arrayContaining(['1.3.6.1.4.1.62558.2.1', '1.3.6.1.5.5.7.3.4']));
    expect(leaf.getExtension(x509.CertificatePolicyExtension)!.policies).toContain('1.3.6.1.4.1.62558.1.1');
    const ski = leaf.getExtension(x509.SubjectKeyIdentifierExtension)!;
    expect(ski.critical).toBe(false);
    expect(leaf.getExtension(x509.AuthorityKeyIdentifierExtension)!.keyId).toBe(intermediate.getExtension(x509.SubjectKeyIdentifierExtension)!.keyId);
    const aia = leaf.getExtension(x509.AuthorityInfoAccessExtension)!;
    expect(aia.critical).toBe(false);
    expect(aia.ocsp.map((name) => name.value)).toEqual(['https://gateway.example/api/v1/pki/ocsp']);
    // The profile's SHOULD: where the issuing CA's certificate is served.
    expect(aia.caIssuers.map((name) => name.value)).toEqual(['https://gateway.example/api/v1/pki/intermediate.cer']);
    expect(leaf.getExtension(x509.CRLDistributionPointsExtension)).not.toBeNull();
    // No CPL record configured: neither C2PA extension.
    expect(leaf.getExtension(C2PA_ASSURANCE_LEVEL_EXTENSION)).toBeNull();
    expect(leaf.getExtension(C2PA_CPL_RECORD_EXTENSION)).toBeNull();
    expect(issued.serialNumber).toBe(leaf.serialNumber.toLowerCase());
  });

  it('fills c2pa-al (an OID) and c2pa-cpl-record (a UTF8String of the record UUID) from the operator’s CPL record', async () => {
    const issued = await issueProductCertificate({ ...base(), conformingProduct: { recordId: RECORD, assuranceLevel: 1 } });
    const leaf = leafOf(issued.certificateChainPem);
    const level = leaf.getExtension(C2PA_ASSURANCE_LEVEL_EXTENSION)!;
    expect(level.critical).toBe(false);
    expect(AsnConvert.toString(level.value)).toBe('OBJECT IDENTIFIER : 1.3.6.1.4.1.62558.3.10');
    const record = leaf.getExtension(C2PA_CPL_RECORD_EXTENSION)!;
    expect(record.critical).toBe(false);
    // Tag 0x0c (UTF8String), 36 bytes.
    expect(Buffer.from(record.value).subarray(0, 2).toString('hex')).toBe('0c24');
    expect(AsnConvert.parse(record.value, DirectoryString).utf8String).toBe(RECORD);

    const levelTwo = leafOf((await issueProductCertificate({ ...base(), conformingProduct: { recordId: RECORD, assuranceLevel: 2 } })).certificateChainPem);
    expect(AsnConvert.toString(levelTwo.getExtension(C2PA_ASSURANCE_LEVEL_EXTENSION)!.value)).toBe('OBJECT IDENTIFIER : 1.3.6.1.4.1.62558.3.20');
    expect(levelTwo.notAfter.getTime() - levelTwo.notBefore.getTime()).toBeLessThanOrEqual(90 * DAY_MS);
  });

  it('refuses what the profile forbids: a longer validity, a record that is not a UUID, no operator', async () => {
    await expect(issueProductCertificate({ ...base(), validityDays: 367 })).rejects.toThrow(ProductCertificateError);
    await expect(issueProductCertificate({ ...base(), conformingProduct: { recordId: 'not-a-uuid', assuranceLevel: 1 } })).rejects.toThrow(/UUID/);
    await expect(issueProductCertificate({ ...base(), operator: ' ' })).rejects.toThrow(/operator/);
    // The profile requires C: a subject without it is not issued.
    await expect(issueProductCertificate({ ...base(), country: '' })).rejects.toThrow(/country/);
  });
});
