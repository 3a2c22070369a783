// A newsroom's own PKI for tests of brought signing identities: a root, an intermediate and a leaf
// made as a test asks (its extended key usages; with or without the authority key identifier that
// c2pa-rs's certificate profile requires), with the leaf's key and the root that vouches for it.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { CA_ALGORITHM, createIntermediateCa, createRootCa, DAY_MS, keyPair, privateKeyPem, serialNumber } from '../pki/certificate-authority.ts';

export interface TestSigningChainOptions {
  /** The leaf's extended key usages (OIDs); email protection by default. */
  ekus?: readonly string[];
  /** Whether the leaf names its issuer's key (authority key identifier); true by default. */
  authorityKeyIdentifier?: boolean;
}

export interface TestSigningChain {
  /** PEM: the leaf, then the intermediate. */
  certificateChainPem: string;
  /** The leaf's key, PKCS#8 PEM. */
  privateKeyPem: string;
  /** The root that vouches for the chain, PEM. */
  rootPem: string;
}

const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';

export async function issueTestSigningChain(options: TestSigningChainOptions = {}): Promise<TestSigningChain> {
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
      new x509.ExtendedKeyUsageExtension([...(options.ekus ?? [EMAIL_PROTECTION])], false),
      ...(options.authorityKeyIdentifier === false ? [] : [await x509.AuthorityKeyIdentifierExtension.create(intermediate.keys.publicKey)]),
    ],
  });
  return {
    certificateChainPem: `${leaf.toString('pem')}\n${intermediate.certificate.toString('pem')}\n`,
    privateKeyPem: await privateKeyPem(keys.privateKey),
    rootPem: root.certificate.toString('pem'),
  };
}
