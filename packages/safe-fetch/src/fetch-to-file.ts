// A URL's body streamed into a new file through the safe fetcher's streaming mode: what the server
// (an asset by URL, into its upload spool) and the CLI (a URL it verifies, into a temporary file)
// both do with a body too large to hold. The caller chooses the path, the limit (from the body's
// first bytes) and removes the file when done, including after a failure.
import { open, type FileHandle } from 'node:fs/promises';
import type { SafeStreamFetch, StreamedAsset, StreamSink } from './fetch-types.ts';

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.byteLength; ) offset += (await handle.write(bytes, offset, bytes.byteLength - offset)).bytesWritten;
}

/** GETs `url` into a file created at `path` (0600, never an existing one); the file holds part of the body when this throws. */
export async function fetchToFile(fetcher: SafeStreamFetch, url: string, path: string, limits: Pick<StreamSink, 'limitFor' | 'headBytes'>): Promise<StreamedAsset> {
  const handle = await open(path, 'wx', 0o600);
  try {
    return await fetcher(url, { ...limits, write: (chunk) => writeAll(handle, chunk) });
  } finally {
    await handle.close();
  }
}
