import { describe, expect, it } from 'vitest';
import { certificatesFromCrJson, identityCertificatesFromCrJson, sameCertificate } from './crjson-certificates';

const crJson = {
  manifests: [
    {
      label: 'urn:c2pa:one',
      signature: {
        certificateInfo: {
          serialNumber: '7E3E62',
          issuer: { O: 'C2PA Test Intermediate Root CA', CN: 'Intermediate CA' },
          subject: { O: 'C2PA Test Signing Cert', CN: 'C2PA Signer' },
          validity: { notBefore: '2022-06-10T18:46:28+00:00', notAfter: '2030-08-26T18:46:28+00:00' },
        },
      },
    },
    { label: 'urn:c2pa:unsigned' },
    {
      label: 'urn:c2pa:named',
      assertions: {
        'cawg.identity': { signature: { certificateInfo: { serialNumber: '5A5646DC', issuer: { CN: 'Gateway Intermediate CA', O: 'Gateway PKI' }, subject: { O: 'Harbour Press' } } } },
        'cawg.identity__1': { signature: {} },
        'c2pa.actions.v2': { signature: { certificateInfo: { serialNumber: '01', issuer: { CN: 'Not an identity' }, subject: { CN: 'Not an identity' } } } },
      },
    },
  ],
};

describe('certificates from crJSON', () => {
  it('reads each manifest’s signing certificate as the report builder wants it', () => {
    const details = certificatesFromCrJson(crJson);
    expect([...details.keys()]).toEqual(['urn:c2pa:one']);
    expect(details.get('urn:c2pa:one')).toEqual({
      subject: { O: 'C2PA Test Signing Cert', CN: 'C2PA Signer' },
      issuer: { O: 'C2PA Test Intermediate Root CA', CN: 'Intermediate CA' },
      validity: { notBefore: '2022-06-10T18:46:28.000Z', notAfter: '2030-08-26T18:46:28.000Z' },
      serialNumber: '7e3e62',
    });
    expect(certificatesFromCrJson(null).size).toBe(0);
  });

  it('recognises the same certificate by serial, subject and issuer', () => {
    const one = certificatesFromCrJson(crJson).get('urn:c2pa:one');
    expect(sameCertificate(one, one && { ...one })).toBe(true);
    expect(sameCertificate(one, one && { ...one, serialNumber: '01' })).toBe(false);
    expect(sameCertificate(one, undefined)).toBe(false);
  });

  it('reads the credential of each named actor (CAWG identity assertion) of a manifest, by assertion label', () => {
    const named = identityCertificatesFromCrJson(crJson, 'urn:c2pa:named');
    expect([...named.keys()]).toEqual(['cawg.identity']);
    expect(named.get('cawg.identity')).toMatchObject({ serialNumber: '5a5646dc', issuer: { CN: 'Gateway Intermediate CA', O: 'Gateway PKI' } });
    expect(identityCertificatesFromCrJson(crJson, 'urn:c2pa:one').size).toBe(0);
  });
});
