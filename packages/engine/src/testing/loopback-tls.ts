/**
 * A self-signed TLS certificate for 127.0.0.1, for tests that need an https server on loopback (a
 * trust list must be at an https URL). A client trusts it through NODE_EXTRA_CA_CERTS.
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { CA_ALGORITHM, DAY_MS, keyPair, privateKeyPem, serialNumber } from '../pki/certificate-authority.ts';

export interface LoopbackTlsCertificate {
  certificatePem: string;
  privateKeyPem: string;
}

export async function loopbackTlsCertificate(now = Date.now()): Promise<LoopbackTlsCertificate> {
  const keys = await keyPair();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: 'CN=127.0.0.1',
    notBefore: new Date(now - DAY_MS),
    notAfter: new Date(now + DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyCertSign, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }]),
    ],
  });
  return { certificatePem: certificate.toString('pem'), privateKeyPem: await privateKeyPem(keys.privateKey) };
}
