// createVerificationEvents: queued events, written in batches with owner, signed asset and caller
// resolved in the INSERT, and read back by methods that write the queue first.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db, DbHandle } from '../../db/create-db.ts';
import { signedAssets, users, verificationEvents } from '../../db/schema/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createVerificationEvents, type NewVerificationEvent } from './verification-events.ts';

const LONG = 60_000;
const NOW = new Date('2024-05-01T12:34:56.789Z');

const event = (overrides: Partial<NewVerificationEvent> = {}): NewVerificationEvent => ({
  status: 'verified',
  reason: 'valid signature',
  geoLocation: 'DE',
  source: 'upload',
  manifestId: null,
  assetHash: 'c'.repeat(64),
  callerUserId: null,
  ...overrides,
});

describe.each(testDatabaseKinds())('verification events on %s', (kind) => {
  let database: DbHandle;
  let ownerId: string;
  let callerId: string;
  let assetId: string;
  let manifestId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ownerId = randomUUID();
    callerId = randomUUID();
    await database.db.insert(users).values([
      { id: ownerId, name: 'Owner', email: `owner-${ownerId}@example.test` },
      { id: callerId, name: 'Caller', email: `caller-${callerId}@example.test` },
    ]);
    assetId = randomUUID();
    manifestId = `urn:c2pa:${assetId}`;
    await database.db.insert(signedAssets).values({
      id: assetId, userId: ownerId, manifestId, mime: 'image/jpeg', originalBytes: 3, signedBytes: 4,
      assetHash: 'a'.repeat(64), signedAssetHash: 'b'.repeat(64), source: 'upload', signedAt: new Date(),
    });
  });
  afterAll(async () => database.close());

  const rowsOf = (ids: string[]) => database.db.select().from(verificationEvents).where(inArray(verificationEvents.id, ids));

  async function waitForRows(ids: string[], timeoutMs = 2000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const count = (await rowsOf(ids)).length;
      if (count === ids.length || Date.now() > deadline) return count;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('returns distinct UUIDs at once and writes nothing before flush; flush writes every row with the clock time', async () => {
    const events = createVerificationEvents(database.db, { clock: () => NOW, flushIntervalMs: LONG });
    const first = event({ status: 'partial', reason: 'untrusted signer', source: 'url', geoLocation: null, assetHash: null });
    const second = event({
      status: 'unsigned', reason: 'no manifest', source: 'manifest', geoLocation: 'FR', manifestId: 'urn:c2pa:unknown',
      assetUrl: 'https://example.org/a.jpg', trustLabel: 'Not signed', organization: 'Example News', jobItem: { jobId: 'job-1', index: 7 },
    });
    const ids = [events.record(first), events.record(second), events.record(event())];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(3);
    expect(await rowsOf(ids)).toEqual([]);

    await events.flush();
    const rows = await rowsOf(ids);
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids[0]!)).toEqual({
      id: ids[0], createdAt: NOW, status: 'partial', reason: 'untrusted signer', geoLocation: null, source: 'url',
      manifestId: null, assetHash: null, ownerUserId: null, signedAssetId: null, callerUserId: null,
      recoveredManifestId: null, recoveryMethod: null, recoverySimilarity: null, referrer: null, mediaCheck: null,
      assetUrl: null, trustLabel: null, organization: null, jobId: null, jobItemIndex: null,
    });
    expect(byId.get(ids[1]!)).toMatchObject({
      status: 'unsigned', reason: 'no manifest', source: 'manifest', geoLocation: 'FR', manifestId: 'urn:c2pa:unknown', createdAt: NOW,
      assetUrl: 'https://example.org/a.jpg', trustLabel: 'Not signed', organization: 'Example News', jobId: 'job-1', jobItemIndex: 7,
    });
    expect(byId.get(ids[2]!)).toMatchObject({ status: 'verified', assetHash: 'c'.repeat(64), createdAt: NOW });
  });

  it('writes an event whose asset hash was still being computed once it is known, and one whose hashing failed as unknown', async () => {
    const events = createVerificationEvents(database.db, { clock: () => NOW, flushIntervalMs: LONG });
    let hashed!: (hash: string) => void;
    const failed = Promise.reject(new Error('the memory was released'));
    failed.catch(() => undefined);
    const ids = [events.record(event({ assetHash: new Promise<string>((resolve) => (hashed = resolve)) })), events.record(event({ assetHash: failed }))];
    const flushed = events.flush();
    hashed('d'.repeat(64));
    await flushed;
    const byId = new Map((await rowsOf(ids)).map((row) => [row.id, row]));
    expect(byId.get(ids[0]!)?.assetHash).toBe('d'.repeat(64));
    expect(byId.get(ids[1]!)).toMatchObject({ status: 'verified', assetHash: null });
  });

  it('resolves owner and signed asset from a known manifest ID and leaves them null for an unknown one', async () => {
    const events = createVerificationEvents(database.db, { flushIntervalMs: LONG });
    const known = events.record(event({ manifestId }));
    const unknown = events.record(event({ manifestId: `urn:c2pa:${randomUUID()}` }));
    await events.flush();
    const byId = new Map((await rowsOf([known, unknown])).map((row) => [row.id, row]));
    expect(byId.get(known)).toMatchObject({ manifestId, ownerUserId: ownerId, signedAssetId: assetId });
    expect(byId.get(unknown)).toMatchObject({ ownerUserId: null, signedAssetId: null });
  });

  it('keeps an existing caller and stores a caller that does not exist as null, without failing the batch', async () => {
    const onWriteError = vi.fn();
    const events = createVerificationEvents(database.db, { flushIntervalMs: LONG, onWriteError });
    const existing = events.record(event({ callerUserId: callerId, manifestId }));
    const missing = events.record(event({ callerUserId: randomUUID() }));
    await events.flush();
    expect(onWriteError).not.toHaveBeenCalled();
    const byId = new Map((await rowsOf([existing, missing])).map((row) => [row.id, row]));
    expect(byId.get(existing)).toMatchObject({ callerUserId: callerId, ownerUserId: ownerId });
    expect(byId.get(missing)).toMatchObject({ callerUserId: null });
  });

  it('reads see every event recorded before them, without anyone calling flush', async () => {
    const events = createVerificationEvents(database.db, { flushIntervalMs: LONG });
    const readerId = randomUUID();
    const readerAsset = randomUUID();
    await database.db.insert(users).values({ id: readerId, name: 'Reader', email: `reader-${readerId}@example.test` });
    await database.db.insert(signedAssets).values({
      id: readerAsset, userId: readerId, manifestId: `urn:c2pa:${readerAsset}`, mime: 'image/jpeg', originalBytes: 3, signedBytes: 4,
      assetHash: 'a'.repeat(64), signedAssetHash: 'b'.repeat(64), source: 'upload', signedAt: new Date(),
    });
    const tracked = `urn:c2pa:${randomUUID()}`;

    events.record(event({ manifestId: `urn:c2pa:${readerAsset}`, status: 'partial', reason: 'untrusted signer' }));
    expect(await events.countForAsset({ signedAssetId: readerAsset })).toBe(1);
    events.record(event({ manifestId: tracked }));
    expect(await events.countForAsset({ manifestId: tracked })).toBe(1);
    events.record(event({ manifestId: `urn:c2pa:${readerAsset}`, status: 'invalid', reason: 'tampered' }));
    expect(await events.statsForAssets([readerAsset, randomUUID()])).toEqual(new Map([[readerAsset, { verificationCount: 2, lastStatus: 'invalid' }]]));
    events.record(event({ callerUserId: readerId, status: 'unsigned', reason: 'no manifest' }));
    const recent = await events.recentForAccount(readerId, 10);
    expect(recent.map((row) => row.status).sort()).toEqual(['invalid', 'partial', 'unsigned']);
    events.record(event({ manifestId: `urn:c2pa:${readerAsset}` }));
    const counts = await events.countsForAccount(readerId, { today: new Date(Date.now() - 60_000), since: new Date(Date.now() - 86_400_000) });
    expect(counts.today).toBe(4);
    expect(counts.byStatus).toHaveLength(4);
    expect(counts.failureReasons.map((row) => row.reason).sort()).toEqual(['no manifest', 'tampered', 'untrusted signer']);
    expect(counts.failureReasons.find((row) => row.reason === 'untrusted signer')?.status).toBe('partial');
    // Three events of the reader's own asset, one the reader ran of a file it does not own.
    expect(counts.byRole.filter((row) => row.own).reduce((sum, row) => sum + row.total, 0)).toBe(3);
    expect(counts.byRole.filter((row) => !row.own)).toEqual([{ status: 'unsigned', own: false, total: 1 }]);
  });

  it('writes a full batch without an explicit flush', async () => {
    const events = createVerificationEvents(database.db, { flushIntervalMs: LONG, maxBatch: 3 });
    const ids = [events.record(event()), events.record(event())];
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rowsOf(ids)).toEqual([]);
    ids.push(events.record(event()));
    expect(await waitForRows(ids)).toBe(3);
  });

  it('writes on its own once the flush interval has passed', async () => {
    const events = createVerificationEvents(database.db, { flushIntervalMs: 30 });
    const ids = [events.record(event()), events.record(event({ manifestId }))];
    expect(await waitForRows(ids)).toBe(2);
  });

  it('reports the events lost when the write fails, and flush still resolves', async () => {
    const failure = new Error('database is down');
    const failing = { execute: vi.fn().mockRejectedValue(failure) } as unknown as Db;
    const onWriteError = vi.fn();
    const events = createVerificationEvents(failing, { flushIntervalMs: LONG, onWriteError });
    events.record(event());
    events.record(event());
    await expect(events.flush()).resolves.toBeUndefined();
    expect(onWriteError).toHaveBeenCalledTimes(1);
    expect(onWriteError).toHaveBeenCalledWith(failure, 2);
  });

  it('keeps writing later batches after one has failed', async () => {
    let calls = 0;
    const flaky = {
      execute: (query: Parameters<Db['execute']>[0]) => (calls++ === 0 ? Promise.reject(new Error('transient')) : database.db.execute(query)),
    } as unknown as Db;
    const onWriteError = vi.fn();
    const events = createVerificationEvents(flaky, { flushIntervalMs: LONG, onWriteError });
    const lost = events.record(event());
    await events.flush();
    const kept = events.record(event());
    await events.flush();
    expect(onWriteError).toHaveBeenCalledTimes(1);
    expect(onWriteError.mock.calls[0]![1]).toBe(1);
    expect((await rowsOf([lost, kept])).map((row) => row.id)).toEqual([kept]);
  });

  it('reports a write to a closed database as lost events', async () => {
    const closed = await openTestDatabase(kind);
    await closed.close();
    const onWriteError = vi.fn();
    const events = createVerificationEvents(closed.db, { flushIntervalMs: LONG, onWriteError });
    for (let i = 0; i < 3; i += 1) events.record(event());
    await expect(events.flush()).resolves.toBeUndefined();
    expect(onWriteError).toHaveBeenCalledTimes(1);
    expect(onWriteError.mock.calls[0]![1]).toBe(3);
  });
});
