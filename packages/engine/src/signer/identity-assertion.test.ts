// The organisation as a CAWG named actor: signed outputs read back with c2pa-wasm (c2pa-rs), whose
// own codes say the identity assertion validates under the gateway's root, and the verification
// names the organisation apart from the claim signer.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadC2pa } from '../c2pa/wasm.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { issueAccountCertificate } from '../pki/account-certificate.ts';
import { sign } from '../sign.ts';
import { openLocalSigning, type LocalSigning } from '../testing/local-signing.ts';
import { makeBmff, makeImage } from '../testing/make-assets.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { createPemSigner, type ClaimSigner } from './claim-signer.ts';
import type { NamedActor } from './identity-assertion.ts';
import { createRfc3161Timestamper, type TimestampTransport } from './rfc3161-timestamper.ts';
import { startLocalTsa } from '../testing/local-tsa.ts';

let gateway: LocalSigning;

async function organisation(name: string): Promise<NamedActor> {
  const certificate = await issueAccountCertificate(gateway.pki.dir, { organization: name, ocspUrl: 'http://127.0.0.1:9/ocsp' });
  return { credential: createPemSigner(certificate) };
}

/** c2pa-rs's codes for the active manifest, read with the gateway's root as signer and identity anchor. */
async function c2paRsCodes(bytes: Uint8Array, mime: string, anchorsPem: string): Promise<{ state: string; success: string[]; failure: string[] }> {
  const { WasmReader } = loadC2pa();
  const reader = await WasmReader.fromBytes(mime, bytes, readerSettings({ anchorsPem, identityAnchorsPem: anchorsPem }));
  const store = reader.manifestStore() as { validation_state: string; validation_results: { activeManifest: { success?: { code: string }[]; failure?: { code: string }[] } } };
  reader.free();
  const { success = [], failure = [] } = store.validation_results.activeManifest;
  return { state: store.validation_state, success: success.map((code) => code.code), failure: failure.map((code) => code.code) };
}

const metadata = { creator: 'Ada Reporter', capturedWithCamera: true };

beforeAll(async () => {
  gateway = await openLocalSigning('pg-cawg-');
});

describe('every manifest signed for an organisation names it in a CAWG identity assertion', () => {
  for (const [mime, make] of [
    ['image/jpeg', () => makeImage('jpeg')],
    ['video/mp4', async () => makeBmff('mp4')],
  ] as const) {
    it(`${mime}: c2pa-rs validates the identity under the gateway's root, and the verification names the organisation`, async () => {
      const acme = await organisation('Acme News');
      const signed = await sign(await make(), mime, metadata, { signer: gateway.signer, identity: acme });
      const codes = await c2paRsCodes(signed.signedBytes, mime, gateway.pki.rootCertificatePem);
      expect(codes.state).toBe('Trusted');
      expect(codes.success).toEqual(expect.arrayContaining(['cawg.identity.well-formed', 'cawg.x509.signature.validated', 'cawg.x509.credential.trusted']));
      expect(codes.failure).toEqual([]);

      const { verification } = await verify(signed.signedBytes, mime, { trust: gateway.trust });
      expect(verification.status).toBe('verified');
      expect(verification.identities).toEqual([
        expect.objectContaining({ label: 'cawg.identity', name: 'Acme News', credentialIssuer: expect.stringMatching(/\S/), status: 'trusted' }),
      ]);
      expect(verification.identities?.[0]?.codes.failure).toEqual([]);
    });
  }

  it('two organisations signed under one claim signer are named as two actors', async () => {
    const [acme, beta] = await Promise.all([organisation('Acme News'), organisation('Beta Daily')]);
    const image = await makeImage('jpeg');
    const first = await sign(image, 'image/jpeg', metadata, { signer: gateway.signer, identity: acme });
    const second = await sign(image, 'image/jpeg', metadata, { signer: gateway.signer, identity: beta });
    // One trust store, so the second read may reuse the first's verdict for the same claim signer.
    const trust = createTrustStore([gateway.pki.rootCertificatePem]);
    const one = await verify(first.signedBytes, 'image/jpeg', { trust });
    const two = await verify(second.signedBytes, 'image/jpeg', { trust });
    expect(one.report.signer?.commonName).toBe(two.report.signer?.commonName);
    expect(one.verification.identities?.map((identity) => [identity.name, identity.status])).toEqual([['Acme News', 'trusted']]);
    expect(two.verification.identities?.map((identity) => [identity.name, identity.status])).toEqual([['Beta Daily', 'trusted']]);
    // A third organisation whose credential no anchor vouches for, under the same claim signer: the
    // verdict reached for the first two is not reused for it.
    const elsewhere = await openLocalSigning('pg-cawg-issuer-');
    const gamma = { credential: createPemSigner(await issueAccountCertificate(elsewhere.pki.dir, { organization: 'Gamma Wire', ocspUrl: 'http://127.0.0.1:9/ocsp' })) };
    const third = await verify((await sign(image, 'image/jpeg', metadata, { signer: gateway.signer, identity: gamma })).signedBytes, 'image/jpeg', { trust });
    expect(third.verification.identities?.map((identity) => [identity.name, identity.status])).toEqual([['Gamma Wire', 'untrusted']]);
    expect(third.verification.identities?.[0]?.codes.failure.map((code) => code.code)).toEqual(['cawg.x509.credential.untrusted']);
    expect(third.verification.signatureValid).toBe(true);
  });

  it('a signature that does not match is reported by c2pa-rs and shown as such, the claim staying valid', async () => {
    const acme = await organisation('Acme News');
    // A credential holder that signs wrongly: the signature's last bit flipped.
    const wrong: ClaimSigner = {
      ...acme.credential,
      sign: async (data) => {
        const signature = await acme.credential.sign(data);
        signature[signature.length - 1] = signature[signature.length - 1]! ^ 0x01;
        return signature;
      },
    };
    const signed = await sign(await makeImage('jpeg'), 'image/jpeg', metadata, { signer: gateway.signer, identity: { credential: wrong } });
    const codes = await c2paRsCodes(signed.signedBytes, 'image/jpeg', gateway.pki.rootCertificatePem);
    expect(codes.failure).toContain('cawg.x509.signature.mismatch');
    expect(codes.state).not.toBe('Invalid');

    const { verification } = await verify(signed.signedBytes, 'image/jpeg', { trust: gateway.trust });
    expect(verification.status).not.toBe('invalid');
    expect(verification.signatureValid).toBe(true);
    expect(verification.chainValid).toBe(true);
    expect(verification.identities).toEqual([expect.objectContaining({ name: 'Acme News', status: 'invalid' })]);
    expect(verification.identities?.[0]?.codes.failure.map((code) => code.code)).toContain('cawg.x509.signature.mismatch');
    expect(verification.identities?.[0]?.codes.failure[0]?.explanation).toMatch(/does not match/);
  });

  it('a timestamped signing stamps the identity signature too, which c2pa-rs validates under the TSA anchor', async () => {
    const tsa = await startLocalTsa();
    try {
      const transport: TimestampTransport = async (request) => {
        const response = await fetch(tsa.url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: request });
        return new Uint8Array(await response.arrayBuffer());
      };
      const acme = await organisation('Acme News');
      const signed = await sign(await makeImage('jpeg'), 'image/jpeg', metadata, { signer: gateway.signer, identity: acme, timestamper: createRfc3161Timestamper(transport) });
      // One token for the claim signature, one for the identity's.
      expect(tsa.requests).toBe(2);
      const trust = createTrustStore([gateway.pki.rootCertificatePem, { name: 'test TSA', tier: 'custom', purpose: 'timestamps', pems: [tsa.rootPem] }]);
      const { verification } = await verify(signed.signedBytes, 'image/jpeg', { trust });
      expect(verification.status).toBe('verified');
      expect(verification.identities?.[0]).toMatchObject({ name: 'Acme News', status: 'trusted' });
      expect(verification.identities?.[0]?.codes.success.map((code) => code.code)).toEqual(expect.arrayContaining(['cawg.x509.time_stamp.validated', 'cawg.x509.time_stamp.trusted']));
    } finally {
      await tsa.close();
    }
  });

  it('an untrusted claim signer does not make a trusted identity untrusted', async () => {
    const elsewhere = await openLocalSigning('pg-cawg-other-');
    const acme = await organisation('Acme News');
    const signed = await sign(await makeImage('jpeg'), 'image/jpeg', metadata, { signer: elsewhere.signer, identity: acme });
    const { verification } = await verify(signed.signedBytes, 'image/jpeg', { trust: gateway.trust });
    expect(verification.status).toBe('partial');
    expect(verification.chainValid).toBe(false);
    expect(verification.identities).toEqual([expect.objectContaining({ name: 'Acme News', status: 'trusted' })]);
  });
});
