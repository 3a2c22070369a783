// A signing certificate whose only extended key usage is one the C2PA certificate profile names
// (c2pa-kp-claimSigning, id-kp-documentSigning) signs and verifies: c2pa-rs is told those purposes
// are allowed (reader-settings.ts). Before, each such signing failed on c2pa-rs's read-back.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, sign, verify } from '../index.ts';
import { CA_ALGORITHM, createIntermediateCa, createRootCa, DAY_MS, keyPair, privateKeyPem, serialNumber } from '../pki/certificate-authority.ts';
import { makeImage } from '../testing/make-assets.ts';

describe('signing certificates with the C2PA profile’s extended key usages', () => {
  it.each([
    ['c2pa-kp-claimSigning', '1.3.6.1.4.1.62558.2.1'],
    ['id-kp-documentSigning', '1.3.6.1.5.5.7.3.36'],
  ])('a certificate with only %s signs, and its file verifies under its root', async (_name, eku) => {
    const root = await createRootCa('CN=Newsroom Root, O=Newsroom', 30);
    const intermediate = await createIntermediateCa('CN=Newsroom Signing CA, O=Newsroom', root, 30);
    const keys = await keyPair();
    const leaf = await x509.X509CertificateGenerator.create({
      serialNumber: serialNumber(),
      subject: 'CN=Newsroom Photo Desk, O=Newsroom',
      issuer: intermediate.certificate.subject,
      notBefore: new Date(Date.now() - DAY_MS),
      notAfter: new Date(Date.now() + 10 * DAY_MS),
      signingAlgorithm: CA_ALGORITHM,
      publicKey: keys.publicKey,
      signingKey: intermediate.keys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([eku], false),
        await x509.AuthorityKeyIdentifierExtension.create(intermediate.keys.publicKey),
      ],
    });
    const signer = createPemSigner({ privateKeyPem: await privateKeyPem(keys.privateKey), certificateChainPem: `${leaf.toString('pem')}\n${intermediate.certificate.toString('pem')}\n` });
    const { signedBytes } = await sign(await makeImage('jpeg', 64, 48), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, signer);
    const trust = createTrustStore([{ name: 'newsroom', tier: 'custom', pems: [root.certificate.toString('pem')] }]);
    const { verification, report } = await verify(signedBytes, 'image/jpeg', { trust });
    expect(report.codes.failure).toEqual([]);
    expect(verification).toMatchObject({ status: 'verified', chainValid: true, trust: { tier: 'custom', list: 'newsroom' } });
  });
});
