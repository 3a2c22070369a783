import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadC2pa } from '../c2pa/wasm.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { TimestampError } from '../errors.ts';
import { sign } from '../sign.ts';
import { startLocalTsa, type LocalTsa } from '../testing/local-tsa.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { createPemSigner, reserveSizeFor, toC2paSignerDefinition, type ClaimSigner } from './claim-signer.ts';
import { createRfc3161Timestamper, type TimestampTransport } from './rfc3161-timestamper.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const HOUR_MS = 3_600_000;

/** A test CA and a claim signer whose certificate is valid from an hour ago until `notAfter`. */
async function issueSigner(notAfter: Date): Promise<{ signer: ClaimSigner; rootPem: string }> {
  const caKeys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '0a01',
    name: 'CN=Short-Lived Test CA, O=Provenance Gateway Tests',
    notBefore: new Date(Date.now() - HOUR_MS),
    notAfter: new Date(Date.now() + 24 * HOUR_MS),
    signingAlgorithm: ALGORITHM,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '0a02',
    subject: 'CN=Short-Lived Signer, O=Provenance Gateway Tests',
    issuer: ca.subject,
    notBefore: new Date(Date.now() - HOUR_MS),
    notAfter,
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.4'], false),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const privateKeyPem = x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
  return { signer: createPemSigner({ privateKeyPem, certificateChainPem: leaf.toString('pem') }), rootPem: ca.toString('pem') };
}

const post =
  (url: string): TimestampTransport =>
  async (request) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: request });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };

async function rawResults(bytes: Uint8Array, anchors: { anchorsPem?: string; timestampAnchorsPem?: string } = {}) {
  const reader = await loadC2pa().WasmReader.fromBytes('image/jpeg', bytes, readerSettings(anchors));
  const store = reader.manifestStore() as { validation_state: string; validation_results: { activeManifest: Record<'success' | 'informational' | 'failure', { code: string }[]> } };
  reader.free();
  const codes = (list: 'success' | 'informational' | 'failure') => store.validation_results.activeManifest[list].map((entry) => entry.code);
  return { state: store.validation_state, success: codes('success'), informational: codes('informational'), failure: codes('failure') };
}

describe('RFC 3161 timestamps on claim signatures (sigTst2)', () => {
  let tsa: LocalTsa;
  beforeAll(async () => {
    tsa = await startLocalTsa();
  });
  afterAll(async () => tsa.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stamps the signature so c2pa-rs validates the timestamp, and trusts it given the authority’s root', async () => {
    const { signer, rootPem } = await issueSigner(new Date(Date.now() + 24 * HOUR_MS));
    const timestamper = createRfc3161Timestamper(post(tsa.url));
    const signed = await sign(await makeImage('jpeg'), 'image/jpeg', {}, { signer, timestamper });
    expect(tsa.requests).toBeGreaterThan(0);

    const unanchored = await rawResults(signed.signedBytes);
    expect(unanchored.success).toContain('timeStamp.validated');
    expect(unanchored.informational).toContain('timeStamp.untrusted');

    const anchored = await rawResults(signed.signedBytes, { anchorsPem: rootPem, timestampAnchorsPem: tsa.rootPem });
    expect(anchored.state).toBe('Trusted');
    expect(anchored.success).toEqual(expect.arrayContaining(['timeStamp.validated', 'timeStamp.trusted', 'signingCredential.trusted']));

    const report = await verify(signed.signedBytes, 'image/jpeg', {
      trust: createTrustStore([rootPem, { name: 'test TSA', tier: 'custom', purpose: 'timestamps', pems: [tsa.rootPem] }]),
    });
    expect(report.verification.status).toBe('verified');
    expect(report.report.timestamp).toMatchObject({ authority: 'Test Time-Stamping Authority', trusted: true });
    expect(Math.abs(Date.parse(report.report.timestamp!.time) - Date.now())).toBeLessThan(HOUR_MS);
  });

  it('keeps a timestamped signature valid after its certificate expires, and not one without', async () => {
    const expiresAt = new Date(Date.now() + 10 * 60_000);
    const { signer, rootPem } = await issueSigner(expiresAt);
    const image = await makeImage('jpeg', 80, 48, 3);
    const stamped = await sign(image, 'image/jpeg', {}, { signer, timestamper: createRfc3161Timestamper(post(tsa.url)) });
    const unstamped = await sign(image, 'image/jpeg', {}, { signer });
    const trust = createTrustStore([rootPem, { name: 'test TSA', tier: 'custom', purpose: 'timestamps', pems: [tsa.rootPem] }]);

    // c2pa-rs reads the clock through Date: a day past the certificate's notAfter.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(expiresAt.getTime() + 24 * HOUR_MS);

    const stampedRaw = await rawResults(stamped.signedBytes, { anchorsPem: rootPem, timestampAnchorsPem: tsa.rootPem });
    expect(stampedRaw.state).toBe('Trusted');
    expect(stampedRaw.failure).not.toContain('signingCredential.expired');
    const stampedReport = await verify(stamped.signedBytes, 'image/jpeg', { trust });
    expect(stampedReport.verification.status).toBe('verified');
    expect(stampedReport.report.signer?.expired).toBe(false);
    expect(stampedReport.report.timestamp?.trusted).toBe(true);

    const unstampedRaw = await rawResults(unstamped.signedBytes, { anchorsPem: rootPem, timestampAnchorsPem: tsa.rootPem });
    expect(unstampedRaw.failure).toContain('signingCredential.expired');
    const unstampedReport = await verify(unstamped.signedBytes, 'image/jpeg', { trust });
    expect(unstampedReport.verification.status).toBe('invalid');
    expect(unstampedReport.verification.reasonCode).toBe('signingCredential.expired');
    expect(unstampedReport.report.timestamp).toBeNull();
  });

  it('reserves room for the token and still lands exactly on the reserved size', async () => {
    const { signer } = await issueSigner(new Date(Date.now() + HOUR_MS));
    const timestamper = createRfc3161Timestamper(post(tsa.url));
    const definition = toC2paSignerDefinition(signer, { timestamper });
    expect(definition.reserveSize).toBe(reserveSizeFor(signer, { timestamper }));
    expect(definition.reserveSize).toBeGreaterThan(reserveSizeFor(signer) + 8000);
    const cose = await definition.sign(new Uint8Array(300) as Uint8Array<ArrayBuffer>);
    expect(cose.byteLength).toBe(definition.reserveSize);
  });

  it('fails the signing when the authority cannot be reached, instead of signing unstamped', async () => {
    const { signer } = await issueSigner(new Date(Date.now() + HOUR_MS));
    const unreachable = createRfc3161Timestamper(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:9');
    });
    const failure = await sign(await makeImage('jpeg'), 'image/jpeg', {}, { signer, timestamper: unreachable }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TimestampError);
    expect((failure as TimestampError).message).toMatch(/time-stamping authority failed: connect ECONNREFUSED/);
  });

  it('refuses a reply that answers another request (replayed token)', async () => {
    const { signer } = await issueSigner(new Date(Date.now() + HOUR_MS));
    let earlier: Uint8Array | null = null;
    const replaying = createRfc3161Timestamper(async (request) => {
      earlier ??= await post(tsa.url)(request);
      return earlier;
    });
    const image = await makeImage('jpeg');
    await sign(image, 'image/jpeg', {}, { signer, timestamper: replaying });
    await expect(sign(image, 'image/jpeg', { title: 'again' }, { signer, timestamper: replaying })).rejects.toThrow(/for other data than the signature/);
  });
});
