// The same behaviour from both asset stores: files on disk and S3 (a real s3rver on loopback).
// Whole files in and out, an interrupted write leaving nothing, listing for the orphan sweep,
// removal, and ranged streamed reads as the file routes serve them.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../../testing/s3-test-server.ts';
import type { AssetFileRead, AssetStore } from './asset-store.ts';
import { parseAssetStoreSetting } from './asset-store-setting.ts';
import { openAssetStore, type OpenedAssetStore } from './open-asset-store.ts';

type StoreKind = 'files' | 's3';

async function bodyOf(read: AssetFileRead | null): Promise<Buffer> {
  if (!read || read.kind === 'unsatisfiable' || !read.body) throw new Error(`no body: ${JSON.stringify(read)}`);
  return buffer(read.body);
}

/** Large buffers are compared by digest: a deep equality over megabytes is slow. */
function sha256(bytes: Uint8Array | null): string {
  return bytes ? createHash('sha256').update(bytes).digest('hex') : 'none';
}

/** A stream that gives `before` bytes, then fails, as an upload cut off mid-way does. */
function failingStream(before: number): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(randomBytes(before));
      } else this.destroy(new Error('connection reset'));
    },
  });
}

describe.each<StoreKind>(['files', 's3'])('asset store on %s', (kind) => {
  let s3: S3TestServer | undefined;
  let opened: OpenedAssetStore;
  let dataDir: string;
  let store: AssetStore;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pg-asset-store-'));
    if (kind === 's3') s3 = await startS3TestServer();
    opened = await openAssetStore(parseAssetStoreSetting(s3?.url), { dataDir, credentials: s3?.credentials });
    store = opened.store;
  });
  afterAll(async () => {
    opened.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives back the bytes put, and null for a file never written or an ID that is not ours', async () => {
    const assetId = randomUUID();
    const bytes = randomBytes(4096);
    await store.put(assetId, 'signed', bytes);
    expect(await store.get(assetId, 'signed')).toEqual(bytes);
    expect(await store.get(assetId, 'thumbnail.jpg')).toBeNull();
    expect(await store.get(randomUUID(), 'signed')).toBeNull();
    expect(await store.get('../../etc/passwd', 'signed')).toBeNull();
    expect(await store.open('not-an-id', 'signed')).toBeNull();
    await expect(store.put('../x', 'signed', bytes)).rejects.toThrow(/not an asset id/);
  });

  it('writes a stream whole', async () => {
    const assetId = randomUUID();
    const bytes = randomBytes(300_000);
    await store.put(assetId, 'manifest.c2pa', Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]));
    expect(sha256(await store.get(assetId, 'manifest.c2pa'))).toBe(sha256(bytes));
  });

  it('leaves nothing of an interrupted write, and keeps the file it would have replaced', async () => {
    const assetId = randomUUID();
    await expect(store.put(assetId, 'signed', failingStream(64 * 1024))).rejects.toThrow();
    expect(await store.get(assetId, 'signed')).toBeNull();
    expect((await store.list()).find((folder) => folder.assetId === assetId)?.files ?? []).toEqual([]);

    const first = randomBytes(1000);
    await store.put(assetId, 'thumbnail.jpg', first);
    await expect(store.put(assetId, 'thumbnail.jpg', failingStream(10_000))).rejects.toThrow();
    expect(await store.get(assetId, 'thumbnail.jpg')).toEqual(first);
  });

  it('lists each asset with its complete files and when it last changed, and removes one asset entirely', async () => {
    const before = Date.now() - 5_000;
    const [a, b] = [randomUUID(), randomUUID()];
    await store.put(a, 'signed', randomBytes(10));
    await store.put(a, 'manifest.c2pa', randomBytes(10));
    await store.put(a, 'thumbnail.jpg', randomBytes(10));
    await store.put(b, 'signed', randomBytes(10));

    const listed = new Map((await store.list()).map((folder) => [folder.assetId, folder]));
    expect(listed.get(a)?.files.sort()).toEqual(['manifest.c2pa', 'signed', 'thumbnail.jpg']);
    expect(listed.get(b)?.files).toEqual(['signed']);
    expect(listed.get(a)?.lastModified.getTime()).toBeGreaterThan(before);

    await store.remove(a);
    expect(await store.get(a, 'signed')).toBeNull();
    expect(await store.get(a, 'manifest.c2pa')).toBeNull();
    const after = new Map((await store.list()).map((folder) => [folder.assetId, folder]));
    expect(after.get(a)?.files ?? []).toEqual([]);
    expect(after.get(b)?.files).toEqual(['signed']);
    await store.remove(randomUUID()); // nothing there: not an error
  });

  it('streams a file whole or a range of it, says when a range lies beyond it, and opens nothing for a size-only read', async () => {
    const assetId = randomUUID();
    const bytes = randomBytes(1000);
    await store.put(assetId, 'signed', bytes);

    const whole = await store.open(assetId, 'signed');
    expect(whole).toMatchObject({ kind: 'whole', size: 1000 });
    expect(await bodyOf(whole)).toEqual(bytes);

    const middle = await store.open(assetId, 'signed', { range: () => ({ start: 100, end: 199 }) });
    expect(middle).toMatchObject({ kind: 'partial', size: 1000, range: { start: 100, end: 199 } });
    expect(await bodyOf(middle)).toEqual(bytes.subarray(100, 200));

    // The chooser sees the size, as an HTTP suffix range ("the last 10 bytes") needs.
    const tail = await store.open(assetId, 'signed', { range: (size) => ({ start: size - 10, end: size - 1 }) });
    expect(await bodyOf(tail)).toEqual(bytes.subarray(990));

    expect(await store.open(assetId, 'signed', { range: () => 'unsatisfiable' })).toEqual({ kind: 'unsatisfiable', size: 1000 });
    expect(await store.open(assetId, 'signed', { range: () => ({ start: 0, end: 9 }), withoutBody: true })).toEqual({ kind: 'partial', size: 1000, range: { start: 0, end: 9 }, body: null });
    await expect(store.open(assetId, 'signed', { range: () => ({ start: 990, end: 1000 }) })).rejects.toThrow(/not within/);
    expect(await store.open(randomUUID(), 'signed')).toBeNull();
  });
});

describe('asset store on S3, large files', () => {
  let s3: S3TestServer;
  let opened: OpenedAssetStore;
  let store: AssetStore;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    opened = await openAssetStore(parseAssetStoreSetting(s3.url), { dataDir: tmpdir(), credentials: s3.credentials });
    store = opened.store;
  });
  afterAll(async () => {
    opened.close();
    await s3.close();
  });

  it('sends a large file as a multipart upload and a small one in one request', async () => {
    const requests = s3.requests;
    const large = randomUUID();
    const bytes = randomBytes(20 * 1024 * 1024);
    const from = requests.length;
    await store.put(large, 'signed', bytes);
    const made = requests.slice(from).filter((line) => line.includes(large));
    expect(made.filter((line) => line.startsWith('POST') && line.includes('?uploads'))).toHaveLength(1);
    // 20 MiB in 8 MiB parts: three parts, then one completion.
    expect(made.filter((line) => line.startsWith('PUT') && line.includes('partNumber='))).toHaveLength(3);
    expect(made.filter((line) => line.startsWith('POST') && line.includes('uploadId='))).toHaveLength(1);
    expect(sha256(await store.get(large, 'signed'))).toBe(sha256(bytes));

    const small = randomUUID();
    const mark = requests.length;
    await store.put(small, 'signed', randomBytes(1000));
    expect(requests.slice(mark).filter((line) => line.includes(small))).toEqual([expect.stringMatching(/^PUT .*PutObject/)]);
  });

  it('reads a whole file with one GET, and a range with a HEAD for the size then a ranged GET', async () => {
    const assetId = randomUUID();
    await store.put(assetId, 'signed', randomBytes(5000));
    const mine = (from: number) => s3.requests.slice(from).filter((line) => line.includes(assetId)).map((line) => line.split(' ')[0]);
    let from = s3.requests.length;
    await bodyOf(await store.open(assetId, 'signed'));
    expect(mine(from)).toEqual(['GET']);
    from = s3.requests.length;
    expect((await bodyOf(await store.open(assetId, 'signed', { range: (size) => ({ start: size - 100, end: size - 1 }) }))).byteLength).toBe(100);
    expect(mine(from)).toEqual(['HEAD', 'GET']);
  });

  it('leaves no object when a large upload fails after parts went in', async () => {
    const assetId = randomUUID();
    const from = s3.requests.length;
    await expect(store.put(assetId, 'signed', failingStream(18 * 1024 * 1024))).rejects.toThrow();
    const made = s3.requests.slice(from).filter((line) => line.includes(assetId));
    expect(made.some((line) => line.includes('partNumber='))).toBe(true);
    expect(made.some((line) => line.startsWith('POST') && line.includes('uploadId='))).toBe(false);
    expect(await store.get(assetId, 'signed')).toBeNull();
  });
});

describe('opening the S3 store', () => {
  it('stops with a sentence naming the bucket when it cannot be used', async () => {
    const s3 = await startS3TestServer();
    try {
      const setting = parseAssetStoreSetting(s3.url.replace('s3://provenance-assets', 's3://no-such-bucket'));
      await expect(openAssetStore(setting, { dataDir: tmpdir(), credentials: s3.credentials })).rejects.toThrow(/ASSET_STORE: bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used/);
      await expect(openAssetStore(parseAssetStoreSetting(s3.url), { dataDir: tmpdir(), credentials: { accessKeyId: 'WRONG', secretAccessKey: 'WRONG' } })).rejects.toThrow(/cannot be used/);
    } finally {
      await s3.close();
    }
  });
});
