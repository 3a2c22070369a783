// The answers an upload is refused with (413 too large, 503 busy, 400 cut off), and the reading of the
// rest of a refused body, so that the client reads the answer rather than a reset connection.
import { ApiError } from './api-error.ts';
import { bodyAborted, type BodyChunks } from './request-body.ts';

const BUSY_RETRY_AFTER_SECONDS = 5;

export const tooLarge = (maxFileBytes: number): ApiError => new ApiError(413, 'payload_too_large', `The file exceeds ${maxFileBytes} bytes`);
export const busy = (): ApiError => new ApiError(503, 'server_busy', 'The server is receiving too many uploads right now; try again shortly', BUSY_RETRY_AFTER_SECONDS);

/**
 * A body that stopped arriving: the request-body guard's own errors (stalled, over the size cap)
 * stay as they are; anything else means the client went away mid-upload.
 */
export function brokenBody(error: unknown): ApiError {
  return error instanceof ApiError ? error : bodyAborted();
}

/** Reads and drops the rest of a refused body (up to `maxBytes`), so the client reads the answer. */
export async function drainBody(reader: BodyChunks, maxBytes: number): Promise<void> {
  let drained = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      drained += value.byteLength;
      if (drained > maxBytes) break;
    }
  } catch {
    return;
  }
  await reader.cancel().catch(() => undefined);
}
