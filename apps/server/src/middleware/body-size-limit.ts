// Request body limits: JSON bodies are small (1 MB by default); uploads may reach MAX_ASSET_BYTES (a
// form a little more, for its fields and part headers). Over the limit is a 413 in the API's error
// shape. Every body is also watched while it streams in: one that stops arriving for the idle time
// is cut with a 408, so a stalled client does not hold the request (and what it sent) for minutes.
// Upload bodies stream through untouched otherwise; the upload reader decides where they are kept.
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/api-error.ts';
import { errorBody } from '../http/error-handler.ts';
import { MULTIPART_OVERHEAD_BYTES, bodyAborted, isUploadBody } from '../http/upload-reader.ts';

export interface BodySizeLimitOptions {
  maxJsonBytes: number;
  maxAssetBytes: number;
  /** A body that sends nothing for this long is cut. */
  idleTimeoutMs: number;
}

const payloadTooLarge = (maxSize: number) => new ApiError(413, 'payload_too_large', `Request body exceeds ${maxSize} bytes`);

/**
 * The body as it streams in, errored with a 408 when no bytes came for `idleTimeoutMs`, with a 413
 * past `maxSize`, and with a 400 when the client went away; the readers see these errors and answer
 * with them, so none of them is an unexpected (logged) server error.
 */
export function guardedBody(body: ReadableStream<Uint8Array>, options: { maxSize: number; idleTimeoutMs: number }): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: NodeJS.Timeout | undefined;
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ApiError(408, 'request_timeout', `The request body stalled: nothing arrived for ${options.idleTimeoutMs / 1000} seconds`)), options.idleTimeoutMs);
      });
      try {
        const { done, value } = await Promise.race([reader.read(), stalled]);
        if (done) return controller.close();
        size += value.byteLength;
        if (size > options.maxSize) throw payloadTooLarge(options.maxSize);
        controller.enqueue(value);
      } catch (error) {
        controller.error(error instanceof ApiError ? error : bodyAborted());
        // Stops reading from the client; the server closes the connection after answering.
        reader.cancel(error).catch(() => undefined);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export function bodySizeLimit(options: BodySizeLimitOptions) {
  const jsonLimit = bodyLimit({
    maxSize: options.maxJsonBytes,
    onError: (c) => c.json(errorBody('payload_too_large', `Request body exceeds ${options.maxJsonBytes} bytes`), 413),
  });
  return createMiddleware(async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const type = c.req.header('content-type') ?? '';
    const upload = isUploadBody(type);
    const maxSize = !upload ? options.maxJsonBytes : type.toLowerCase().startsWith('multipart/') ? options.maxAssetBytes + MULTIPART_OVERHEAD_BYTES : options.maxAssetBytes;
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > maxSize) return c.json(errorBody('payload_too_large', `Request body exceeds ${maxSize} bytes`), 413);
    c.req.raw = new Request(c.req.raw, { body: guardedBody(body, { maxSize, idleTimeoutMs: options.idleTimeoutMs }), duplex: 'half' } as RequestInit);
    // hono's limit gathers a JSON body of unknown length in memory, which is fine at its size; an
    // upload is never gathered here.
    return upload ? next() : jsonLimit(c, next);
  });
}
