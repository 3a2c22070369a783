// Request body limits: JSON bodies are small (1 MB by default); uploads may reach MAX_ASSET_BYTES (a
// form a little more, for its fields and part headers). Over the limit is a 413 in the API's error
// shape. Every body is also watched while it streams in: one that stops arriving for the idle time
// is cut with a 408, so a stalled client does not hold the request (and what it sent) for minutes.
// Upload bodies stream through untouched otherwise (request-body.ts); the upload reader decides where
// they are kept.
import type { IncomingMessage } from 'node:http';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { errorBody } from '../http/error-handler.ts';
import { bodyStream, guardedBody, incomingBody, keepUploadBody, requestBody } from '../http/request-body.ts';
import { MULTIPART_OVERHEAD_BYTES } from '../http/multipart-upload.ts';
import { isUploadBody } from '../http/upload-reader.ts';

export interface BodySizeLimitOptions {
  maxJsonBytes: number;
  maxAssetBytes: number;
  /** A body that sends nothing for this long is cut. */
  idleTimeoutMs: number;
}

export function bodySizeLimit(options: BodySizeLimitOptions) {
  const jsonLimit = bodyLimit({
    maxSize: options.maxJsonBytes,
    onError: (c) => c.json(errorBody('payload_too_large', `Request body exceeds ${options.maxJsonBytes} bytes`), 413),
  });
  return createMiddleware(async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    const upload = isUploadBody(type);
    const maxSize = !upload ? options.maxJsonBytes : type.toLowerCase().startsWith('multipart/') ? options.maxAssetBytes + MULTIPART_OVERHEAD_BYTES : options.maxAssetBytes;
    const declared = Number(c.req.header('content-length') ?? Number.NaN);
    if (declared > maxSize) return c.json(errorBody('payload_too_large', `Request body exceeds ${maxSize} bytes`), 413);
    const guard = { maxSize, idleTimeoutMs: options.idleTimeoutMs };
    // An upload is read by the upload reader (uploadBodyOf), on Node straight from its request stream.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (upload) {
      keepUploadBody(c, guardedBody(incoming ? incomingBody(incoming) : requestBody(c.req.raw), guard));
      return next();
    }
    if (!c.req.raw.body) return next();
    c.req.raw = new Request(c.req.raw, { body: bodyStream(guardedBody(requestBody(c.req.raw), guard).chunks), duplex: 'half' } as RequestInit);
    // hono's limit gathers a JSON body of unknown length in memory, which is fine at its size.
    return jsonLimit(c, next);
  });
}
