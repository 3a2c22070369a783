/**
 * A URL the CLI verifies or signs, streamed to a temporary file through the safe fetcher's streaming
 * mode instead of into memory, so a video given by URL is verified or signed from disk in constant
 * memory as a local file is. Its size limit is chosen from its first bytes, as the server chooses
 * it: an MP4, MOV or M4A may have up to 4 GiB (the server's MAX_VIDEO_BYTES), anything else 100 MB
 * (its MAX_ASSET_BYTES). The file and its folder are removed when the command is done, whatever happened.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fetchToFile, type SafeStreamFetch } from '@provenance/safe-fetch';
import { detectFormat, LARGE_MEDIA_TYPES } from '../formats.ts';
import { explainFetchFailure } from './cli-fetcher.ts';

const HEAD_BYTES = 64 * 1024;
const MAX_ASSET_BYTES = 100 * 1024 * 1024;

export interface DownloadedUrl {
  path: string;
  /** The name the URL's path gives ("asset" when it gives none): the format's last clue. */
  name: string;
  contentType: string | null;
}

/** Downloads `url` to a temporary file, runs `use` with it, then removes it. */
export async function withUrlDownload<T>(fetcher: SafeStreamFetch, url: string, use: (file: DownloadedUrl) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'provenance-url-'));
  try {
    const path = join(folder, 'download');
    let contentType: string | null;
    try {
      ({ contentType } = await fetchToFile(fetcher, url, path, {
        headBytes: HEAD_BYTES,
        // Only what the engine hashes natively from disk may be as large as the stream fetcher's limit.
        limitFor: async (head) => (LARGE_MEDIA_TYPES.has((await detectFormat(head))?.mime ?? '') ? Number.MAX_SAFE_INTEGER : MAX_ASSET_BYTES),
      }));
    } catch (error) {
      throw explainFetchFailure(error, `Cannot fetch ${url}`);
    }
    return await use({ path, name: basename(new URL(url).pathname) || 'asset', contentType });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
