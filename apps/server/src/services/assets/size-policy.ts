// The one size policy of the files the gateway verifies and signs: any file up to MAX_ASSET_BYTES,
// read into memory; an MP4, MOV or M4A (BMFF video and audio, which the engine hashes as they
// stream) up to MAX_VIDEO_BYTES, verified or signed from its spool file, never read whole (signed
// embedded only: a sidecar signing reads its file whole). Uploads (the routes ask it), the HTTP body
// limits (app.ts), asset URLs (asset-download.ts) and stored videos (stored-verdicts.ts) follow it.
import { assetFormats } from '@provenance/engine';
import { DomainError } from '../domain-error.ts';

/** MAX_ASSET_BYTES and MAX_VIDEO_BYTES (MAX_ASSET_BYTES when unset or smaller). */
export interface SizeLimits {
  maxAssetBytes: number;
  maxVideoBytes?: number | undefined;
}

/** What an upload is for: verifying or signing it, or another use of a file read into memory. */
export type UploadPurpose = 'verify' | 'sign' | 'lookup';

/** A file over the asset limit waiting in its spool file: its first bytes (and name) tell its format. */
export interface SpooledHead {
  head: Uint8Array;
  fileName?: string | undefined;
}

export interface SizePolicy {
  /** Any file, read into memory (MAX_ASSET_BYTES). */
  readonly maxAssetBytes: number;
  /** An MP4, MOV or M4A verified or signed from disk (MAX_VIDEO_BYTES, at least maxAssetBytes): the most an upload to verify or sign may be. */
  readonly maxVideoBytes: number;
  /**
   * The most an upload may carry, by what it is for (a reader refuses more as it arrives, 413): a file
   * to verify or sign up to the video limit (only an MP4, MOV or M4A may pass the asset limit, asserted
   * once it has arrived); any other (a soft-binding lookup) up to the asset limit.
   */
  uploadLimit(purpose: UploadPurpose): number;
  /** Whether a file of this size is past the asset limit: verified or signed from its spool file only, if at all. */
  exceedsAssetLimit(byteLength: number): boolean;
  /** Whether a body's first bytes show a format that may be as large as the video limit (MP4, MOV, M4A). */
  isLargeMedia(head: Uint8Array): Promise<boolean>;
  /** Refuses (413) a file to verify past the asset limit, unless it is an MP4, MOV or M4A spooled to disk (`spooled`). */
  assertVerifiable(byteLength: number, spooled: SpooledHead | null): Promise<void>;
  /** Refuses (413) a file to sign past the asset limit, unless it is an MP4, MOV or M4A spooled to disk and signed embedded. */
  assertSignable(byteLength: number, spooled: SpooledHead | null, sidecar: boolean): Promise<void>;
}

/** Formats signed from a spool file: the BMFF video and audio the engine hashes as they stream. */
export const SPOOLED_SIGN_TYPES: ReadonlySet<string> = assetFormats.LARGE_MEDIA_TYPES;

/** The MIME type of a spooled file when it is one signed from disk (by its first bytes, else its name), else null. */
export async function spooledSignMime(engine: { detectFormat(bytes: Uint8Array): Promise<{ mime: string } | undefined> }, spooled: SpooledHead): Promise<string | null> {
  const format = (await engine.detectFormat(spooled.head)) ?? (spooled.fileName ? assetFormats.formatFromFileName(spooled.fileName) : undefined);
  return format && SPOOLED_SIGN_TYPES.has(format.mime) ? format.mime : null;
}

const tooLarge = (message: string) => new DomainError('too_large', 'payload_too_large', message);

export function createSizePolicy(limits: SizeLimits): SizePolicy {
  const maxAssetBytes = limits.maxAssetBytes;
  const maxVideoBytes = Math.max(maxAssetBytes, limits.maxVideoBytes ?? 0);
  const isLargeMedia = async (head: Uint8Array): Promise<boolean> => {
    const format = await assetFormats.detectFormat(head);
    return format !== undefined && assetFormats.LARGE_MEDIA_TYPES.has(format.mime);
  };
  return {
    maxAssetBytes,
    maxVideoBytes,
    uploadLimit: (purpose) => (purpose === 'lookup' ? maxAssetBytes : maxVideoBytes),
    exceedsAssetLimit: (byteLength) => byteLength > maxAssetBytes,
    isLargeMedia,
    async assertVerifiable(byteLength, spooled) {
      if (byteLength > maxAssetBytes && !(spooled && (await isLargeMedia(spooled.head)))) {
        throw tooLarge(`The file exceeds ${maxAssetBytes} bytes (an MP4, MOV or M4A file may have up to ${maxVideoBytes})`);
      }
    },
    async assertSignable(byteLength, spooled, sidecar) {
      if (byteLength > maxAssetBytes && (!spooled || sidecar || !(await spooledSignMime(assetFormats, spooled)))) {
        throw tooLarge(`The file exceeds ${maxAssetBytes} bytes (an MP4, MOV or M4A file signed embedded may have up to ${maxVideoBytes})`);
      }
    },
  };
}
