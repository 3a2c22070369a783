// A signing certificate whose only extended key usage is one the C2PA certificate profile names
// (c2pa-kp-claimSigning, id-kp-documentSigning) signs and verifies: c2pa-rs is told those purposes
// are allowed (reader-settings.ts). Before, each such signing failed on c2pa-rs's read-back.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, sign, verify } from '../index.ts';
import { CA_ALGORITHM, createIntermediateCa, createRootCa, DAY_MS, keyPair, privateKeyPem, serialNumber } from '../pki/certificate-authority.ts';
import { makeImage } from '../testing/make-assets.ts';

/** A newsroom's root, intermediate and a leaf with only `eku`: the signer and the trust its root gives. */
async function newsroomSigner(eku: string) {
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
  return {
    signer: createPemSigner({ privateKeyPem: await privateKeyPem(keys.privateKey), certificateChainPem: `${leaf.toString('pem')}\n${intermediate.certificate.toString('pem')}\n` }),
    trust: createTrustStore([{ name: 'newsroom', tier: 'custom', pems: [root.certificate.toString('pem')] }]),
  };
}

describe('signing certificates with the C2PA profile’s extended key usages', () => {
  it.each([
    ['c2pa-kp-claimSigning', '1.3.6.1.4.1.62558.2.1'],
    ['id-kp-documentSigning', '1.3.6.1.5.5.7.3.36'],
  ])('a certificate with only %s signs, and its file verifies under its root', async (_name, eku) => {
    const { signer, trust } = await newsroomSigner(eku);
    const { signedBytes } = await sign(await makeImage('jpeg', 64, 48), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, signer);
    const { verification, report } = await verify(signedBytes, 'image/jpeg', { trust });
    expect(report.codes.failure).toEqual([]);
    expect(verification).toMatchObject({ status: 'verified', chainValid: true, trust: { tier: 'custom', list: 'newsroom' } });
  });

  it('refuses to sign with a certificate for another purpose (TLS servers), and says why in the error', async () => {
    const { signer } = await newsroomSigner('1.3.6.1.5.5.7.3.1');
    const refusal = await sign(await makeImage('jpeg', 64, 48), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, signer).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'signing_failed' });
    expect((refusal as Error).message).toMatch(/^The asset could not be signed: the signed manifest failed validation: signingCredential\.invalid \(/);
  });
});
