// The verdicts of the signed assets this gateway stores: a stored file read (with its .c2pa store
// when it was signed as a sidecar) and verified as any other file, its verdict taken from the cache
// by the hash recorded at signing when it is there (no read of the file); a stored video over the
// asset limit verified from a copy streamed to the spool folder, never read whole.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assetFormats, type SerializedVerification, type VerifyResponse } from '@provenance/engine';
import type { AssetStore } from '../assets/asset-store.ts';
import type { SignedAssetRow, SignedAssets } from '../assets/signed-assets.ts';
import { DomainError } from '../domain-error.ts';
import { assetHashOf, type FileVerdicts } from './file-verdicts.ts';
const { BMFF_MIME_TYPES } = assetFormats;

/** A stored signed asset's file, its format and (signed as a sidecar) its manifest store. */
export interface StoredFile {
  bytes: Uint8Array;
  mime: string;
  manifest?: Uint8Array;
}

export interface StoredVerdicts {
  /** The stored file of the asset with this manifest (404 when there is none). */
  load(manifestId: string): Promise<StoredFile>;
  /** The stored signed asset's verdict now (cached as any other). */
  verdict(row: SignedAssetRow, thumbnails: boolean): Promise<SerializedVerification>;
  /** The verification of the stored signed asset with this manifest (cached as any other). */
  verify(manifestId: string, thumbnails?: boolean): Promise<VerifyResponse>;
}

export function createStoredVerdicts(deps: {
  store: AssetStore;
  signedAssets: SignedAssets;
  verdicts: FileVerdicts;
  /**
   * A stored video or audio file larger than `inMemoryBytes` (one signed from its spool file) is verified
   * from a copy streamed into `spoolDir`, never read whole; absent, every stored file is read whole.
   */
  storedCopies?: { spoolDir: string; inMemoryBytes: number } | undefined;
}): StoredVerdicts {
  const { store, signedAssets, verdicts } = deps;

  /**
   * The stored signed asset's verdict: from the cache by the hash recorded at signing when it can be
   * (no read of the file), else verified from the store.
   */
  async function storedVerdict(row: SignedAssetRow, thumbnails: boolean): Promise<SerializedVerification> {
    const cached = row.sidecar ? undefined : verdicts.cached(row.signedAssetHash, thumbnails);
    if (cached) return cached;
    const copies = deps.storedCopies;
    if (copies && !row.sidecar && row.signedBytes > copies.inMemoryBytes && BMFF_MIME_TYPES.has(row.mime)) {
      return withStoredCopy(row, copies.spoolDir, (path) => verdicts.validateFile(path, row.mime, thumbnails, row.signedAssetHash, {}));
    }
    const { bytes, mime, manifest } = await loadStored(row.manifestId);
    return verdicts.validate(bytes, mime, thumbnails, assetHashOf(undefined, bytes), manifest);
  }

  /** The stored signed file streamed into the spool folder for `use`, then removed. */
  async function withStoredCopy<T>(row: SignedAssetRow, spoolDir: string, use: (path: string) => Promise<T>): Promise<T> {
    const read = await store.open(row.id, 'signed');
    if (!read || read.kind !== 'whole' || !read.body) throw DomainError.notFound(`No signed asset with manifest ${row.manifestId}`);
    await mkdir(spoolDir, { recursive: true, mode: 0o700 });
    const path = join(spoolDir, `stored-${randomUUID()}`);
    try {
      await pipeline(read.body, createWriteStream(path, { mode: 0o600 }));
      return await use(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  async function loadStored(manifestId: string): Promise<{ bytes: Uint8Array; mime: string; manifest?: Uint8Array }> {
    const row = await signedAssets.findByManifestId(manifestId);
    const bytes = row ? await store.get(row.id, 'signed') : null;
    if (!row || !bytes) throw DomainError.notFound(`No signed asset with manifest ${manifestId}`);
    if (!row.sidecar) return { bytes, mime: row.mime };
    // A sidecar asset's file carries no manifest: it is verified with the store kept beside it.
    const manifest = await store.get(row.id, 'manifest.c2pa');
    if (!manifest) throw DomainError.notFound(`No manifest ${manifestId}`);
    return { bytes, mime: row.mime, manifest };
  }

  /** The verification of a stored signed asset (cached as any other). */
  async function verifyStored(manifestId: string, thumbnails = false): Promise<VerifyResponse> {
    const { bytes, mime, manifest } = await loadStored(manifestId);
    return JSON.parse((await verdicts.validate(bytes, mime, thumbnails, assetHashOf(undefined, bytes), manifest)).json) as VerifyResponse;
  }

  return { load: loadStored, verdict: storedVerdict, verify: verifyStored };
}
