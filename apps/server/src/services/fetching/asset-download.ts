// Fetches an asset URL to a file on disk instead of memory, so a video given by URL is verified or
// signed from disk as a spooled upload is: the safe fetcher's streaming mode writes the body to a
// file in the server's upload spool folder (DATA_DIR/tmp/uploads, emptied at start, so a crash leaves
// nothing behind for long) as it arrives, hashing it on the way. Its limit is chosen from its first
// bytes, never from the Content-Type, by the one size policy (size-policy.ts): MAX_VIDEO_BYTES for the
// formats verified and signed from disk (MP4, MOV, M4A), MAX_ASSET_BYTES for anything else. The file is removed when the fetch fails, and
// `withDownload` removes it when its user is done, whatever happened.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fetchToFile, SafeFetchError, type SafeStreamFetch } from '@provenance/safe-fetch';
import type { SizeLimits, SizePolicy } from '../assets/size-policy.ts';
import { failedFetchOf } from './fetch-purpose.ts';

/** How much of the body tells its format (as for uploads). */
const HEAD_BYTES = 64 * 1024;

export interface AssetDownloadSettings {
  /** The safe fetcher's streaming mode, its maxBytes at least maxVideoBytes. */
  fetcher: SafeStreamFetch;
  /** The folder the body is written to (the upload spool's). */
  spoolDir: string;
  /** Limits of their own for URLs (a test server's); absent, the server's one size policy. */
  limits?: SizeLimits | undefined;
}

/** An asset URL's body, whole in a file. */
export interface DownloadedAsset {
  path: string;
  /** Its first bytes (64 kB, or all of a shorter file), to tell its format. */
  head: Uint8Array;
  /** SHA-256 (hex), taken as it arrived. */
  sha256: string;
  byteLength: number;
  /** The URL it came from after redirects (its path may name the format). */
  finalUrl: string;
  /** Larger than MAX_ASSET_BYTES (only a video may be): it can be verified or signed from disk only. */
  exceedsAssetLimit: boolean;
  /** The file read into memory: for files within MAX_ASSET_BYTES, verified or signed from bytes. */
  read(): Promise<Uint8Array>;
}

export interface DownloadOptions {
  /**
   * The use takes no file over MAX_ASSET_BYTES, not even a video (a sidecar signing): a video is
   * refused with this error once it passes that limit, not after a download of up to MAX_VIDEO_BYTES.
   */
  largeMediaRefusal?: () => Error;
}

export interface AssetDownloads {
  /** Fetches `url` into a file, runs `use` with it, and removes the file however `use` ends. */
  withDownload<T>(url: string, use: (asset: DownloadedAsset) => Promise<T>, options?: DownloadOptions): Promise<T>;
}

export function createAssetDownloads(
  settings: AssetDownloadSettings,
  /** The size policy the downloads follow (settings.limits' when given). */
  sizes: SizePolicy,
): AssetDownloads {
  const { fetcher, spoolDir } = settings;

  async function download(url: string, filePath: string, options: DownloadOptions): Promise<Omit<DownloadedAsset, 'path' | 'read'>> {
    await mkdir(spoolDir, { recursive: true, mode: 0o700 });
    let head: Uint8Array = new Uint8Array(0);
    /** What the head showed; null when the body was refused before it (declared over every limit). */
    let large: boolean | null = null;
    try {
      const streamed = await fetchToFile(fetcher, url, filePath, {
        headBytes: HEAD_BYTES,
        async limitFor(firstBytes) {
          head = firstBytes.slice();
          large = await sizes.isLargeMedia(head);
          return large && !options.largeMediaRefusal ? sizes.maxVideoBytes : sizes.maxAssetBytes;
        },
      });
      return { head, sha256: streamed.sha256, byteLength: streamed.byteLength, finalUrl: streamed.finalUrl, exceedsAssetLimit: sizes.exceedsAssetLimit(streamed.byteLength) };
    } catch (error) {
      // The limit the file met says which one it was: the fetcher's message names the number only.
      if (error instanceof SafeFetchError && error.reason === 'too_large') {
        if (large === true && options.largeMediaRefusal) throw options.largeMediaRefusal();
        if (large === false) throw new SafeFetchError(error.reason, error.status, `${error.message} (an MP4, MOV or M4A file may have up to ${sizes.maxVideoBytes} bytes)`);
      }
      throw error;
    }
  }

  return {
    async withDownload(url, use, options = {}) {
      const filePath = path.join(spoolDir, `${randomUUID()}.download`);
      try {
        const fetched = await download(url, filePath, options).catch(failedFetchOf('The asset could not be fetched'));
        return await use({ ...fetched, path: filePath, read: () => readFile(filePath) });
      } finally {
        await rm(filePath, { force: true });
      }
    },
  };
}
