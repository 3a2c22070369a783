// The asset store on S3-compatible object storage (AWS S3, MinIO, Ceph, R2…), for several server
// copies sharing one store. Keys are `<prefix><assetId>/<file>`. Writes go through lib-storage's
// Upload: one PutObject for a small file, a multipart upload in parts for a large one, completed
// only once every part is in, so an object appears whole or not at all (an interrupted upload is
// aborted; a lifecycle rule for incomplete multipart uploads catches what a crash leaves).
// Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID… , profiles, instance roles).
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, paginateListObjectsV2, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { ASSET_FILES, isAssetFile, isAssetId, type AssetFile } from './asset-files.ts';
import type { AssetFileRead, AssetStore, StoredAssetFolder } from './asset-store.ts';
import { planRead, readOf } from './plan-read.ts';

export interface S3AssetStoreOptions {
  bucket: string;
  /** Prepended to every key: '' or ending in '/'. */
  prefix: string;
  /** The service's URL for S3-compatible storage; unset means AWS S3 itself. */
  endpoint?: string;
  /** Unset: the SDK's default (AWS_REGION, the profile). */
  region?: string;
  /** Bucket in the path (http://host/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Only for tests; a deployment leaves the SDK's default chain to find them. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Size of each part of a multipart upload (at least 5 MiB, S3's minimum); files up to it go in one PutObject. */
  partSizeBytes?: number;
}

export interface S3AssetStore extends AssetStore {
  /** Fails with a sentence saying what is wrong when the bucket cannot be reached with these settings. */
  check(): Promise<void>;
  /** Closes the client's connections. */
  close(): void;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}

export function createS3AssetStore(options: S3AssetStoreOptions): S3AssetStore {
  const client = new S3Client({
    ...(options.endpoint && { endpoint: options.endpoint }),
    ...(options.region && { region: options.region }),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials && { credentials: options.credentials }),
    // Checksums only where S3 requires them: S3-compatible servers do not all understand the
    // newer streamed (aws-chunked) checksum encoding the SDK would otherwise use for uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  });
  const { bucket, prefix } = options;
  const partSize = Math.max(options.partSizeBytes ?? DEFAULT_PART_SIZE, 5 * 1024 * 1024);
  const keyOf = (assetId: string, file: AssetFile) => {
    // Asset IDs are UUIDs we made; anything else never becomes a key.
    if (!isAssetId(assetId)) throw new Error(`not an asset id: ${assetId}`);
    return `${prefix}${assetId}/${file}`;
  };

  return {
    async put(assetId, file, content) {
      // A Uint8Array is cut into parts as views of it, never copied; a stream is read a part at a time.
      const upload = new Upload({ client, params: { Bucket: bucket, Key: keyOf(assetId, file), Body: content }, partSize, queueSize: 4, leavePartsOnError: false });
      await upload.done();
    },
    async get(assetId, file) {
      if (!isAssetId(assetId)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(assetId, file) }));
        if (!answer.Body) return null;
        const bytes = await answer.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async open(assetId, file, readOptions): Promise<AssetFileRead | null> {
      if (!isAssetId(assetId)) return null;
      const Key = keyOf(assetId, file);
      if (!readOptions?.range && !readOptions?.withoutBody) {
        // A whole file (the common download) needs no size beforehand: one GET, its length is the size.
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
          if (!(answer.Body instanceof Readable)) throw new Error('the S3 client answered without a Node stream');
          return { kind: 'whole', size: answer.ContentLength ?? 0, body: answer.Body };
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      }
      // A range: the size first, so that the range is resolved here alike for every S3-compatible
      // server (some mishandle suffix ranges); objects are written once, so the GET reads the same one.
      let size: number;
      try {
        size = (await client.send(new HeadObjectCommand({ Bucket: bucket, Key }))).ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      const plan = planRead(size, readOptions);
      if (plan.kind === 'unsatisfiable' || readOptions?.withoutBody) return readOf(size, plan, null);
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key, ...(plan.kind === 'partial' && { Range: `bytes=${plan.range.start}-${plan.range.end}` }) }));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      const body = answer.Body;
      if (!(body instanceof Readable)) throw new Error('the S3 client answered without a Node stream');
      const expected = plan.kind === 'partial' ? plan.range.end - plan.range.start + 1 : size;
      if (answer.ContentLength !== expected) {
        // Serving these bytes under our Content-Range would corrupt the client's file.
        body.destroy();
        throw new Error(`the S3 store answered ${answer.ContentLength ?? '?'} bytes (${answer.ContentRange ?? 'no range'}) where ${expected} were asked for`);
      }
      return readOf(size, plan, body);
    },
    async remove(assetId) {
      // The three names an asset may have; deleting a missing object is not an error in S3.
      await Promise.all(ASSET_FILES.map((file) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(assetId, file) }))));
    },
    async list() {
      const folders = new Map<string, StoredAssetFolder>();
      for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket: bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          const [assetId, name, ...rest] = (object.Key ?? '').slice(prefix.length).split('/');
          // Only keys this store could have made; anything else in the bucket is left alone.
          if (!assetId || name === undefined || rest.length > 0 || !isAssetId(assetId)) continue;
          const modified = object.LastModified ?? new Date(0);
          const folder = folders.get(assetId) ?? { assetId, files: [], lastModified: modified };
          if (isAssetFile(name)) folder.files.push(name);
          if (modified > folder.lastModified) folder.lastModified = modified;
          folders.set(assetId, folder);
        }
      }
      return [...folders.values()];
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const reason = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? '?'})` : (error as Error).message;
        throw new Error(`ASSET_STORE: bucket ${bucket}${options.endpoint ? ` at ${options.endpoint}` : ''} cannot be used: ${reason}. Check the bucket, the endpoint and AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY.`);
      }
    },
    close() {
      client.destroy();
    },
  };
}
