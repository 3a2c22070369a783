// @vitest-environment node
// (jsdom's ArrayBuffer is another realm's, which Node's WebCrypto refuses when the test CA signs.)
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseGatewayCrl, revocationFromCrl, type GatewayCrl } from './gateway-crl';

const CRL_URL = 'https://gateway.example/api/v1/pki/crl';
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const issuer = { CN: 'Provenance Gateway Intermediate CA', O: 'Provenance Gateway' };
const signer = (serialNumber: string, name: Record<string, string> = issuer) => ({ subject: { CN: 'Signer' }, issuer: name, serialNumber });

let crl: GatewayCrl;

/** A real CRL, signed by a real CA key, as the gateway's CA makes them. */
beforeAll(async () => {
  const keys = await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '01', name: 'CN=Provenance Gateway Intermediate CA, O=Provenance Gateway', keys, signingAlgorithm: ALGORITHM });
  const generated = await x509.X509CrlGenerator.create({
    issuer: ca.subjectName,
    thisUpdate: new Date('2026-11-27T10:00:00Z'),
    nextUpdate: new Date('2026-11-27T10:30:00Z'),
    signingAlgorithm: ALGORITHM,
    signingKey: keys.privateKey,
    // The first serial's top bit is set: DER pads it with a zero byte that crJSON leaves out.
    entries: [
      { serialNumber: '00c4a1b2', revocationDate: new Date('2026-11-01T00:00:00Z'), reason: x509.X509CrlReason.keyCompromise },
      { serialNumber: '5e77', revocationDate: new Date('2026-11-20T00:00:00Z'), reason: x509.X509CrlReason.superseded },
    ],
  });
  crl = parseGatewayCrl(new Uint8Array(generated.rawData));
});

describe('revocation read from the gateway’s CRL in the browser', () => {
  const during = new Date('2026-11-27T10:10:00Z');

  it('answers revoked, with its time, for a serial on the list whatever its padding and case', () => {
    expect(revocationFromCrl(crl, signer('C4A1B2'), CRL_URL, during)).toEqual({
      status: 'revoked',
      source: 'gateway',
      responder: CRL_URL,
      checkedAt: '2026-11-27T10:00:00.000Z',
      revokedAt: '2026-11-01T00:00:00.000Z',
      reason: null,
    });
    expect(revocationFromCrl(crl, signer('005e77', { O: 'Provenance Gateway', CN: 'Provenance Gateway Intermediate CA' }), CRL_URL, during)?.status).toBe('revoked');
  });

  it('answers good for a certificate of the same CA that is not on the list', () => {
    expect(revocationFromCrl(crl, signer('c4a1b3'), CRL_URL, during)).toMatchObject({ status: 'good', source: 'gateway', revokedAt: null });
  });

  it('does not answer for a certificate of another CA, even with a serial on the list', () => {
    expect(revocationFromCrl(crl, signer('c4a1b2', { CN: 'C2PA Test Intermediate CA', O: 'C2PA Test' }), CRL_URL, during)).toBeNull();
    expect(revocationFromCrl(crl, { subject: { CN: 'Signer' }, issuer }, CRL_URL, during)).toBeNull();
  });

  it('says not checked once the CRL is past its next update', () => {
    expect(revocationFromCrl(crl, signer('c4a1b2'), CRL_URL, new Date('2026-11-27T11:00:00Z'))).toMatchObject({ status: 'not_checked', revokedAt: null });
  });

  it('refuses bytes that are not a CRL', () => {
    expect(() => parseGatewayCrl(new TextEncoder().encode('<html>not a CRL</html>'))).toThrow(/CRL could not be read/);
  });
});
