// A file signed without a timestamp by a certificate that expires gets a timestamp later, in an
// update manifest, from a real RFC 3161 authority (openssl ts on 127.0.0.1): c2pa-rs finds its
// content untouched, the update manifest valid, and, at a declared time after the certificate's
// expiry, the original signature standing thanks to the timestamp, where without the update it is
// signingCredential.expired. JPEG (data hash) and MP4 (BMFF hash).
import { createHash } from 'node:crypto';
import { decode } from 'cbor-x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimSignatureValue } from '../containers/claim-signature.ts';
import { manifestBox, superbox } from '../containers/jumbf.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { withValidationTime } from '../c2pa/validation-clock.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { sign } from '../sign.ts';
import { createPemSigner, type ClaimSigner } from '../signer/claim-signer.ts';
import { createRfc3161Timestamper, type Timestamper } from '../signer/rfc3161-timestamper.ts';
import { readTimestampToken } from '../signer/timestamp-token.ts';
import { startLocalTsa, type LocalTsa } from '../testing/local-tsa.ts';
import { makeBmff, makeImage } from '../testing/make-assets.ts';
import { issueTestSigningChain, type TestSigningChain } from '../testing/test-signing-chain.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { addTimestamp, NothingToTimestampError, TIMESTAMP_ASSERTION_LABEL } from './timestamp-update.ts';

const DAY_MS = 86_400_000;

interface RawCodes {
  state: string | undefined;
  success: string[];
  failure: string[];
  /** The codes c2pa-rs gives the parent ingredient (the manifest that was timestamped). */
  ingredientSuccess: string[];
  ingredientFailure: string[];
}

describe('addTimestamp: an update manifest with a c2pa.time-stamp assertion', () => {
  let tsa: LocalTsa;
  let chain: TestSigningChain;
  let signer: ClaimSigner;
  let timestamper: Timestamper;
  // The test chain's leaf lasts 10 days, its CAs 30: in 20 days only the signing certificate has expired.
  const afterExpiry = new Date(Date.now() + 20 * DAY_MS);

  beforeAll(async () => {
    tsa = await startLocalTsa();
    chain = await issueTestSigningChain();
    signer = createPemSigner(chain);
    timestamper = createRfc3161Timestamper(async (request) => {
      const response = await fetch(tsa.url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: request });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    });
  });
  afterAll(async () => tsa?.close());

  async function rawCodes(bytes: Uint8Array, mime: string, at: Date): Promise<RawCodes> {
    const store = await withValidationTime(at, async () => {
      const reader = await loadC2pa().WasmReader.fromBytes(mime, bytes, readerSettings({ anchorsPem: chain.rootPem, timestampAnchorsPem: tsa.rootPem }));
      try {
        return reader.manifestStore() as {
          validation_state?: string;
          validation_results?: { activeManifest?: { success: { code: string }[]; failure: { code: string }[] }; ingredientDeltas?: { validationDeltas: { success: { code: string }[]; failure: { code: string }[] } }[] };
        };
      } finally {
        reader.free();
      }
    });
    const results = store.validation_results;
    const codes = (list: { code: string }[] | undefined) => (list ?? []).map(({ code }) => code);
    return {
      state: store.validation_state,
      success: codes(results?.activeManifest?.success),
      failure: codes(results?.activeManifest?.failure),
      ingredientSuccess: (results?.ingredientDeltas ?? []).flatMap((delta) => codes(delta.validationDeltas.success)),
      ingredientFailure: (results?.ingredientDeltas ?? []).flatMap((delta) => codes(delta.validationDeltas.failure)),
    };
  }

  const trust = () => createTrustStore([chain.rootPem, { name: 'test TSA', tier: 'custom', purpose: 'timestamps', pems: [tsa.rootPem] }]);

  it.each([
    ['image/jpeg', 'assertion.dataHash.match', async () => makeImage('jpeg', 96, 64, 41)],
    ['video/mp4', 'assertion.bmffHash.match', async () => makeBmff('mp4', 4096, 43)],
  ] as const)('keeps a %s signed without a timestamp valid after its certificate expires', async (mime, hashMatch, make) => {
    const original = await sign(await make(), mime, {}, { signer });
    const requestsBefore = tsa.requests;
    const updated = await addTimestamp(original.signedBytes, mime, signer, timestamper);
    // One token for the original signature, one for the update manifest's own.
    expect(tsa.requests - requestsBefore).toBe(2);
    expect(updated.timestampedManifest).toBe(original.manifestId);
    expect(updated.manifestId).not.toBe(original.manifestId);

    // The assertion holds, under the original manifest's label, a CBOR byte string: a token over
    // that manifest's claim signature bytes.
    const box = manifestBox(updated.manifestStore, updated.manifestId, ['c2pa.assertions', TIMESTAMP_ASSERTION_LABEL]);
    const cbor = box && superbox(box.payload).children.find((child) => child.type === 'cbor');
    const assertion = decode(cbor!.payload) as Record<string, unknown>;
    expect(Object.keys(assertion)).toEqual([original.manifestId]);
    const token = assertion[original.manifestId];
    expect(token).toBeInstanceOf(Uint8Array);
    const signature = claimSignatureValue(original.manifestStore, original.manifestId)!;
    expect(Buffer.from(readTimestampToken(token as Uint8Array).hashedMessage).toString('hex')).toBe(createHash('sha256').update(signature).digest('hex'));

    // Today: all valid and trusted; the content hash the original manifest made still matches.
    const today = await rawCodes(updated.signedBytes, mime, new Date());
    expect(today.state).toBe('Trusted');
    expect(today.failure).toEqual([]);
    expect(today.success).toEqual(expect.arrayContaining([hashMatch, 'claimSignature.validated', 'timeStamp.validated', 'timeStamp.trusted']));

    // After the signing certificate's expiry: without the update, the original signature has expired…
    const plainLater = await rawCodes(original.signedBytes, mime, afterExpiry);
    expect(plainLater.state).toBe('Invalid');
    expect(plainLater.failure).toContain('signingCredential.expired');
    // …with it, c2pa-rs judges the original signature at the timestamp's time, and the update
    // manifest at its own (sigTst2).
    const updatedLater = await rawCodes(updated.signedBytes, mime, afterExpiry);
    expect(updatedLater.state).toBe('Trusted');
    expect(updatedLater.failure).toEqual([]);
    expect(updatedLater.success).toEqual(expect.arrayContaining([hashMatch, 'signingCredential.trusted', 'timeStamp.validated', 'timeStamp.trusted']));
    expect(updatedLater.ingredientSuccess).toEqual(expect.arrayContaining(['ingredient.manifest.validated', 'signingCredential.trusted']));
    expect(updatedLater.ingredientFailure).toEqual([]);

    // The engine's own verification at that declared time says the same.
    const plainReport = await verify(original.signedBytes, mime, { trust: trust(), at: afterExpiry });
    expect(plainReport.verification.status).toBe('invalid');
    expect(plainReport.verification.reasonCode).toBe('signingCredential.expired');
    const updatedReport = await verify(updated.signedBytes, mime, { trust: trust(), at: afterExpiry });
    expect(updatedReport.verification.status).toBe('verified');
    expect(updatedReport.verification.reasonCode).toBe('signingCredential.trusted');
  }, 30_000);

  it('refuses a file without credentials, one whose signature is already timestamped, and one whose certificate has expired', async () => {
    const unsigned = await makeImage('jpeg', 64, 48, 45);
    await expect(addTimestamp(unsigned, 'image/jpeg', signer, timestamper)).rejects.toBeInstanceOf(NothingToTimestampError);
    const stamped = await sign(unsigned, 'image/jpeg', {}, { signer, timestamper });
    await expect(addTimestamp(stamped.signedBytes, 'image/jpeg', signer, timestamper)).rejects.toThrow(/already carries a timestamp/);
    // Once the signing certificate has expired, a token made now would not save the signature.
    const plain = await sign(unsigned, 'image/jpeg', {}, { signer });
    const requestsBefore = tsa.requests;
    await expect(addTimestamp(plain.signedBytes, 'image/jpeg', signer, timestamper, { now: () => afterExpiry })).rejects.toThrow(/signing certificate expired on .*cannot keep its signature valid/);
    expect(tsa.requests).toBe(requestsBefore);
  }, 30_000);
});
