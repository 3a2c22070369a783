import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { sign } from '../sign.ts';
import { makeImage } from '../testing/make-assets.ts';
import { corpusText, hasCorpus } from '../testing/shared-corpus.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { createPemSigner } from './claim-signer.ts';
import { checkSigningCertificate, type SigningCertificateProblem } from './signing-certificate-check.ts';

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** A self-issued end-entity certificate with the given extensions, and its key. */
async function leafWith(extensions: x509.Extension[]): Promise<{ chain: string; key: string }> {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '1a2b3c',
    name: 'CN=Test Signer, O=Test',
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: ALGORITHM,
    keys,
    extensions: [new x509.BasicConstraintsExtension(false, undefined, true), ...extensions],
  });
  return { chain: certificate.toString('pem'), key: x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY') };
}

const certs = (name: string) => ({ chain: corpusText(`certs/${name}.chain.pem`), key: corpusText(`certs/${name}.key.pem`) });
const blocks = (pem: string) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;

describe.skipIf(!hasCorpus)('checking a certificate and key brought to sign with (c2pa-rs test certificates)', () => {
  it.each(['es256', 'es384', 'es512', 'ps256', 'ed25519'])('accepts the %s chain and key', async (name) => {
    const { chain, key } = certs(name);
    const checked = await checkSigningCertificate(chain, key);
    expect(checked.alg).toBe(name);
    expect(checked.subject).toContain('C2PA Signer');
  });

  it('signs with an accepted identity, and c2pa-rs with the c2pa-rs test root as anchor says Trusted', async () => {
    const { chain, key } = certs('es256');
    const checked = await checkSigningCertificate(chain, key);
    const signed = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, { signer: createPemSigner({ privateKeyPem: key, certificateChainPem: checked.certificateChainPem, alg: checked.alg }) });
    const report = await verify(signed.signedBytes, 'image/jpeg', { trust: createTrustStore([corpusText('trust/c2pa-rs-test-roots.pem')]) });
    expect(report.report.validationState).toBe('Trusted');
    expect(report.report.signer?.organization).toBe('C2PA Test Signing Cert');
  });

  const cases: [string, () => Promise<{ chain: string; key: string; now?: Date }>, SigningCertificateProblem, RegExp][] = [
    ['a key that does not match', async () => ({ chain: certs('es256').chain, key: certs('es384').key }), 'key_mismatch', /does not match/],
    ['an expired certificate', async () => ({ ...certs('es256'), now: new Date('2031-01-01') }), 'expired', /expired on 2030/],
    ['a not-yet-valid certificate', async () => ({ ...certs('es256'), now: new Date('2021-01-01') }), 'not_yet_valid', /not valid until 2022/],
    ['a chain out of order', async () => {
      const { chain, key } = certs('es256');
      const [leaf, ...issuers] = blocks(chain);
      // The c2pa-rs chains hold the leaf and one issuer; an extra copy of the leaf after it is out of order.
      return { chain: [leaf, leaf, ...issuers].join('\n'), key };
    }, 'chain_order', /out of order/],
    ['a CA certificate as leaf', async () => {
      const { chain, key } = certs('es256');
      return { chain: blocks(chain).reverse().join('\n'), key };
    }, 'ca_leaf', /CA certificate/],
    ['no C2PA-compatible EKU', async () => leafWith([new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true), new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.1'])]), 'missing_eku', /extended key usage/],
    ['no digitalSignature key usage', async () => leafWith([new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyEncipherment, true), new x509.ExtendedKeyUsageExtension(['1.3.6.1.4.1.62558.2.1'])]), 'missing_key_usage', /digitalSignature/],
  ];
  it.each(cases)('refuses %s, naming the problem', async (_name, make, problem, message) => {
    const { chain, key, now } = await make();
    await expect(checkSigningCertificate(chain, key, now)).rejects.toMatchObject({ problem, message: expect.stringMatching(message) });
  });
});
