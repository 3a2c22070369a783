// A copy that dies while it adds a timestamp, over real parts: two gateways of one installation (shared
// PGlite and asset store, a real RFC 3161 authority, the API on loopback ports). The first copy's task
// replaces the served file and then stops for good (its asset store never answers again, as a process
// gone); a fresh copy, once the first one's lease has run out, finishes the bookkeeping from what is
// stored: the row names the file served, and the version it replaced is linked.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetStore } from '../assets/asset-store.ts';
import { signUpAccount } from '../../testing/test-server.ts';
import { openTimestampingInstallation, until, type TimestampingInstallation } from '../../testing/timestamping-gateways.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The shared store as a copy sees it until it dies right after replacing a served file: from then on nothing it writes returns. */
function dyingAfterTheSwap(shared: AssetStore, died: () => void, gone: Promise<never>): AssetStore {
  let dead = false;
  return {
    ...shared,
    async put(assetId, file, content) {
      if (dead) return gone;
      await shared.put(assetId, file, content);
      // Only a replacement: the signing's own first write of `signed` comes before any timestamp.
      if (file === 'signed' && (await shared.get(assetId, 'signed-before-timestamp'))) {
        dead = true;
        died();
        return gone;
      }
    },
  };
}

describe('a copy that dies while adding a timestamp', () => {
  let installation: TimestampingInstallation;
  let bury: (error: Error) => void = () => undefined;
  beforeAll(async () => {
    installation = await openTimestampingInstallation();
  });
  afterAll(async () => {
    bury(new Error('the copy died'));
    await installation?.close();
  });

  it('leaves the next attempt able to finish: the row names the file served and links the version it replaced', async () => {
    const { tsa } = installation;
    let swapped = false;
    const gone = new Promise<never>((_, reject) => {
      bury = reject;
    });
    gone.catch(() => undefined);
    const dying = await installation.gateway({ store: (shared) => dyingAfterTheSwap(shared, () => (swapped = true), gone) });
    const token = (await signUpAccount(dying.server)).session.access_token;
    await tsa.takeDown();
    const signed = await dying.signPhoto(token, 'crash.jpg');
    expect(signed.timestamp.state).toBe('pending');
    const first = await dying.bytesAt(signed.signedAssetUrl);
    const manifestStoreOf = async (site: typeof dying) => {
      const response = await site.call('GET', `manifests/${encodeURIComponent(signed.manifestId)}?format=c2pa`);
      expect(response.status).toBe(200);
      return new Uint8Array(await response.arrayBuffer());
    };
    const firstStore = await manifestStoreOf(dying);
    await tsa.bringBack();
    await until('the swap', async () => swapped, (done) => done);

    // The file is replaced, the row is not: it still names the first version.
    const served = await dying.bytesAt(signed.signedAssetUrl);
    expect(sha256(served.bytes)).not.toBe(sha256(first.bytes));
    expect((await dying.listed(token, signed.assetId)).timestamp).toMatchObject({ state: 'pending', previousVersionUrl: null });

    // A fresh copy, six minutes on (the dead one's lease has run out), asked to add it; an API key works on every copy.
    const keyAnswer = await dying.call('POST', 'account/api-keys/production/regenerate', token);
    expect(keyAnswer.status).toBe(200);
    const key = ((await keyAnswer.json()) as { key: { secret: string } }).key.secret;
    const fresh = await installation.gateway({ clock: () => new Date(Date.now() + 6 * 60_000) });
    const answer = await fresh.call('POST', `assets/${signed.assetId}/timestamp`, key);
    expect(answer.status).toBe(200);
    const listed = await fresh.listed(key, signed.assetId);
    expect(listed.timestamp.state).toBe('added');
    expect(listed.timestamp.previousVersionUrl).toBe(`${signed.signedAssetUrl}/before-timestamp`);
    // The file served is the one the dead copy swapped in (no second timestamp), and the row says so.
    const now = await fresh.bytesAt(signed.signedAssetUrl);
    expect(sha256(now.bytes)).toBe(sha256(served.bytes));
    expect(now.headers.get('etag')).toContain(sha256(served.bytes));
    expect(sha256((await fresh.bytesAt(listed.timestamp.previousVersionUrl!)).bytes)).toBe(sha256(first.bytes));
    // Its manifest store is the timestamped file's (the signing's and the update manifest), no longer the first.
    const store = await manifestStoreOf(fresh);
    expect(store.byteLength).toBeGreaterThan(firstStore.byteLength);
  });
});
