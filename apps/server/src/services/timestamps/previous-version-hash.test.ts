// The signed file as it was before a timestamp was added is still the asset's own: a CDN may serve
// those bytes for a while. Over real parts (a real RFC 3161 authority taken down and brought back,
// PGlite, the API on a loopback port): a badge's media check vouches for it by hash as the signed
// file, and a failed verification of it is its own verdict, not a tampered copy seen elsewhere.
import { createHash, randomUUID } from 'node:crypto';
import { ZVerifyResponse } from '@provenance/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationEvents } from '../../db/schema/index.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { signUpAccount } from '../../testing/test-server.ts';
import { openTimestampingInstallation, until, type TimestampingInstallation } from '../../testing/timestamping-gateways.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the version before a timestamp was added', () => {
  let installation: TimestampingInstallation;
  beforeAll(async () => {
    installation = await openTimestampingInstallation();
  });
  afterAll(async () => installation?.close());

  it('is the signed file to a badge’s media check and to the copies seen elsewhere', async () => {
    const { tsa, database } = installation;
    const site = await installation.gateway();
    const account = await signUpAccount(site.server);
    const token = account.session.access_token;
    await tsa.takeDown();
    const signed = await site.signPhoto(token, 'before.jpg');
    const before = await site.bytesAt(signed.signedAssetUrl);
    await tsa.bringBack();
    const stamped = await until('the timestamp', () => site.listed(token, signed.assetId), (asset) => asset.timestamp.state === 'added');
    const previousUrl = site.local(stamped.timestamp.previousVersionUrl!);

    // A badge that hashed the old bytes itself: vouched for by hash, not fetched.
    const byHash = await readAnswer(ZVerifyResponse, await site.call('POST', 'verify-content', undefined, { manifestId: signed.manifestId, assetUrl: previousUrl, assetSha256: sha256(before.bytes) }));
    expect(byHash.mediaCheck).toMatchObject({ result: 'matches', method: 'browser-hash', fetched: false });
    // Fetched: the old bytes are the signed file.
    const fetched = await readAnswer(ZVerifyResponse, await site.call('POST', 'verify-content', undefined, { manifestId: signed.manifestId, assetUrl: previousUrl }));
    expect(fetched.mediaCheck).toMatchObject({ result: 'matches', method: 'signed-file', fetched: true });

    // Failed verifications (as when its signer is revoked) of the old bytes and of other bytes: only the latter is a tampered copy.
    const failed = { status: 'invalid' as const, reason: 'The signer’s certificate was revoked', source: 'url' as const, manifestId: signed.manifestId, ownerUserId: account.session.user.id, signedAssetId: signed.assetId };
    await database.db.insert(verificationEvents).values([
      { ...failed, id: randomUUID(), assetHash: sha256(before.bytes), assetUrl: 'https://cdn.example.org/before.jpg' },
      { ...failed, id: randomUUID(), assetHash: sha256(new Uint8Array([1, 2, 3])), assetUrl: 'https://elsewhere.example.org/tampered.jpg' },
    ]);
    const seen = (await site.listed(token, signed.assetId)).seenElsewhere;
    expect(seen.tampered.count).toBe(1);
    expect(seen.tampered.places.map((place) => place.where)).toEqual(['https://elsewhere.example.org/tampered.jpg']);
  });
});
