// A request's body as the upload reader reads it: chunk by chunk, with its content type and declared
// length. On Node (the server as it runs) an upload is read straight from Node's request stream,
// which @hono/node-server hands over as c.env.incoming: the Request's web stream copies every chunk
// and takes several promises per chunk through its three layers (measured here: 1 to 1.6 ms of a
// 2 MB upload's time, and its copies' garbage). Elsewhere (app.request in tests) it is read from the Request. Either way
// the same guard watches it: a body that sends nothing for the idle time is a 408, one past its cap
// a 413, one the client cut off a 400.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { ApiError } from './api-error.ts';

export type BodyChunk = { done: true; value?: undefined } | { done: false; value: Uint8Array };

/** A body read one chunk at a time, as a web stream's reader reads it. */
export interface BodyChunks {
  /** The next chunk, or done at the body's end; rejects when the body broke off (a guarded body: with an ApiError). */
  read(): Promise<BodyChunk>;
  /** Stops reading; resolves at once (the rest of the body is left to the server to drain or close). */
  cancel(): Promise<void>;
}

export interface RequestBody {
  contentType: string;
  /** Its Content-Length, when it declares a valid one. */
  declaredLength: number | null;
  chunks: BodyChunks;
}

export interface BodyGuard {
  maxSize: number;
  /** A body that sends nothing for this long is cut. */
  idleTimeoutMs: number;
}

function declaredLength(header: string | null | undefined): number | null {
  return header != null && /^\d+$/.test(header.trim()) ? Number(header) : null;
}

/** The client went away before its body ended: a 4xx, answered to nobody, logged as a request like any other. */
export const bodyAborted = () => new ApiError(400, 'body_aborted', 'The request body was cut off before it ended');

const payloadTooLarge = (maxSize: number) => new ApiError(413, 'payload_too_large', `Request body exceeds ${maxSize} bytes`);

const NO_CHUNKS: BodyChunks = { read: async () => ({ done: true }), cancel: async () => undefined };

/** The body of a web Request (none: an empty body). */
export function requestBody(request: Request): RequestBody {
  const reader = request.body?.getReader();
  return {
    contentType: request.headers.get('content-type') ?? '',
    declaredLength: declaredLength(request.headers.get('content-length')),
    chunks: reader
      ? {
          read: () => reader.read() as Promise<BodyChunk>,
          cancel: async () => {
            reader.cancel().catch(() => undefined);
          },
        }
      : NO_CHUNKS,
  };
}

/**
 * The body of Node's request stream. Cancelling stops reading without destroying the stream: the
 * connection stays open for the answer, and @hono/node-server drains or closes it once that is sent.
 */
export function incomingBody(incoming: IncomingMessage): RequestBody {
  const iterator = incoming.iterator({ destroyOnReturn: false });
  return {
    contentType: incoming.headers['content-type'] ?? '',
    declaredLength: declaredLength(incoming.headers['content-length']),
    chunks: {
      read: () => iterator.next() as Promise<BodyChunk>,
      cancel: async () => {
        // Not awaited: over a stalled body, the iterator returns only once its pending read settles.
        iterator.return?.().catch(() => undefined);
      },
    },
  };
}

/**
 * The body under the guard: a read rejects with a 408 when no bytes came for the idle time, with a
 * 413 past `maxSize`, and with a 400 when the client went away; the readers answer with these, so
 * none of them is an unexpected (logged) server error. One timer per body, re-armed at each chunk.
 */
export function guardedBody(body: RequestBody, guard: BodyGuard): RequestBody {
  const { chunks } = body;
  let size = 0;
  let failure: ApiError | null = null;
  // The waiting read's rejection, for the idle timer. Not a race against one long-lived promise:
  // each race would leave a reaction on it holding that read's chunk until the body ended.
  let stall: ((error: ApiError) => void) | null = null;
  // Counts only while a read waits: a reader busy elsewhere (writing a spool file) is not a stalled client.
  const idle = setTimeout(() => stall?.(new ApiError(408, 'request_timeout', `The request body stalled: nothing arrived for ${guard.idleTimeoutMs / 1000} seconds`)), guard.idleTimeoutMs).unref();
  const fail = (error: unknown): never => {
    clearTimeout(idle);
    failure = error instanceof ApiError ? error : bodyAborted();
    void chunks.cancel();
    throw failure;
  };
  return {
    ...body,
    chunks: {
      async read() {
        if (failure) throw failure;
        idle.refresh();
        let chunk: BodyChunk;
        try {
          chunk = await new Promise<BodyChunk>((resolve, reject) => {
            stall = reject;
            chunks.read().then(resolve, reject);
          });
        } catch (error) {
          return fail(error);
        } finally {
          stall = null;
        }
        if (chunk.done) clearTimeout(idle);
        else if ((size += chunk.value.byteLength) > guard.maxSize) fail(payloadTooLarge(guard.maxSize));
        return chunk;
      },
      cancel() {
        clearTimeout(idle);
        return chunks.cancel();
      },
    },
  };
}

/** The chunks as a web stream, for readers of a Request (JSON bodies through hono's c.req). */
export function bodyStream(chunks: BodyChunks): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await chunks.read();
        if (chunk.done) controller.close();
        else controller.enqueue(chunk.value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel: () => chunks.cancel(),
  });
}

/** The context variable the body guard (body-size-limit.ts) leaves an upload's body in. */
interface UploadBodyEnv {
  Variables: { uploadBody?: RequestBody };
}

/** Leaves an upload's (guarded) body for the route's upload reader. */
export function keepUploadBody(c: Context, body: RequestBody): void {
  (c as Context<UploadBodyEnv>).set('uploadBody', body);
}

/**
 * The request's body for the upload reader: an upload's as the body guard left it; any other's
 * (a content type that is not an upload, a route outside the guard) read from the Request.
 */
export function uploadBodyOf(c: Context): RequestBody {
  return (c as Context<UploadBodyEnv>).get('uploadBody') ?? requestBody(c.req.raw);
}
