// HEIC and HEIF photos get the ISCC soft binding too: sharp cannot decode HEVC, so the fingerprint
// worker decodes them with libheif (the engine's image-normalisation.ts). The signed file carries
// the c2pa.soft-binding assertion with its value as bytes, the Soft Binding Resolution API finds the
// signing from that value read back out of the file, and a copy converted to JPEG (as a phone shares
// a HEIC) is recovered by its fingerprint.
import { ZSbrMatches, ZSignContentResponse, ZVerifyResponse } from '@provenance/contracts';
import { corpusFile, hasCorpus, rawActiveAssertion } from '@provenance/engine/testing';
import decodeHeif from 'heic-decode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

/** The corpus's HEIF (HEVC-coded, 1440×960) given the major brand `heic`: the same image as an HEIC file. */
function asHeic(heif: Uint8Array): Uint8Array {
  const heic = new Uint8Array(heif);
  heic.set(new TextEncoder().encode('heic'), 8);
  return heic;
}

/** The soft binding's value read back from the file: c2pa-rs shows a byte string as b64'…'. */
function bindingValue(assertion: Record<string, unknown> | null): string | null {
  const value = (assertion?.['blocks'] as { value?: unknown }[] | undefined)?.[0]?.value;
  const bytes = typeof value === 'string' ? /^b64'([A-Za-z0-9+/=]*)'$/.exec(value) : null;
  return bytes ? bytes[1]! : null;
}

async function signAndFetch(server: TestServer, token: string, bytes: Uint8Array, mime: string, file: string): Promise<{ manifestId: string; signedBytes: Uint8Array }> {
  const signed = await readAnswer(ZSignContentResponse, await uploadRequest(server, 'sign-content', { file: new Blob([bytes], { type: mime }), metadata: JSON.stringify({ creator: 'Ada' }) }, token, { name: file }));
  return { manifestId: signed.manifestId, signedBytes: new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer()) };
}

describe.skipIf(!hasCorpus)('the soft binding of a signed HEIF or HEIC', () => {
  let database: DbHandle;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server } = await createGatewayTestServer(database));
    token = (await signUpAccount(server)).session.access_token;
  });
  afterAll(async () => {
    await database.close();
  });

  const resolve = async (value: string) => readAnswer(ZSbrMatches, await server.request('GET', `sbr/matches/byBinding?${new URLSearchParams({ alg: 'io.iscc.v0', value })}`));

  it('HEIF: is in the signed file as bytes, resolves to the signing, and a JPEG copy is recovered', async () => {
    const { manifestId, signedBytes } = await signAndFetch(server, token, corpusFile('c2pa-rs/sample1.heif'), 'image/heif', 'photo.heif');
    const assertion = await rawActiveAssertion(signedBytes, 'image/heif', 'c2pa.soft-binding');
    expect(assertion).toMatchObject({ alg: 'io.iscc.v0', name: 'ISCC Content-Code Image of the whole image' });
    const value = bindingValue(assertion);
    expect(value && Buffer.from(value, 'base64').byteLength).toBe(8);
    expect((await resolve(value!)).matches[0]).toMatchObject({ manifestId, similarityScore: 100 });

    const pixels = await decodeHeif({ buffer: signedBytes });
    const jpeg = new Uint8Array(await sharp(Buffer.from(pixels.data.buffer), { raw: { width: pixels.width, height: pixels.height, channels: 4 } }).jpeg({ quality: 85 }).toBuffer());
    const answer = await readAnswer(ZVerifyResponse, await uploadRequest(server, 'verify-content', { file: new Blob([jpeg]) }, undefined, { name: 'shared.jpg' }));
    expect(answer.verification.status).toBe('unsigned');
    expect(answer.recovery).toMatchObject({ manifestId, method: 'fingerprint' });
  }, 30_000);

  it('HEIC: is in the signed file as bytes and resolves to the signing', async () => {
    const { manifestId, signedBytes } = await signAndFetch(server, token, asHeic(corpusFile('c2pa-rs/sample1.heif')), 'image/heic', 'photo.heic');
    const value = bindingValue(await rawActiveAssertion(signedBytes, 'image/heic', 'c2pa.soft-binding'));
    expect(value && Buffer.from(value, 'base64').byteLength).toBe(8);
    // The same picture as the HEIF: both signings match, the earlier first.
    expect((await resolve(value!)).matches.map((match) => match.manifestId)).toContain(manifestId);
  }, 30_000);
});
