// The two ways a 2xx answer's body is read: gathered in memory up to the limit, or written to the
// caller's sink as it arrives (hashed on the way, its limit asked of the sink from its first bytes,
// a body cut short before its declared length or chunked end reported as incomplete).
import { createHash } from 'node:crypto';
import type http from 'node:http';
import { SafeFetchError, type StreamSink } from './fetch-types.ts';
import type { BodyReader, FetchWatch } from './request-once.ts';

/** A sink's own failure (a full disk): passed to the caller as it is, never taken for a network error. */
export class SinkFailure extends Error {
  constructor(readonly failure: unknown) {
    super('sink failed');
  }
}

/** The Content-Length the answer declared, when it declared a valid one. */
function declaredLength(response: http.IncomingMessage): number | null {
  const header = response.headers['content-length'];
  const declared = Number(header);
  return header !== undefined && Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
}

/** The in-memory body: gathered up to `maxBytes`. */
export function bodyInMemory(maxBytes: number): BodyReader<Buffer> {
  return (response) =>
    new Promise((resolve, reject) => {
      const declared = declaredLength(response);
      if (declared !== null && declared > maxBytes) {
        response.destroy();
        reject(new SafeFetchError('too_large', 413, `The asset is ${declared} bytes, over the limit of ${maxBytes} bytes`));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > maxBytes) {
          response.destroy();
          reject(new SafeFetchError('too_large', 413, `The asset is over the limit of ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve(Buffer.concat(chunks, received)));
      response.on('error', reject);
    });
}

const DEFAULT_HEAD_BYTES = 64 * 1024;

/** The streamed body: its head held until the sink names its limit, then every chunk written as it arrives. */
export function bodyIntoSink(maxBytes: number, sink: StreamSink, watch: FetchWatch): BodyReader<{ byteLength: number; sha256: string }> {
  return async (response) => {
    const declared = declaredLength(response);
    const tooLarge = (limit: number) => new SafeFetchError('too_large', 413, declared !== null ? `The asset is ${declared} bytes, over the limit of ${limit} bytes` : `The asset is over the limit of ${limit} bytes`);
    if (declared !== null && declared > maxBytes) {
      response.destroy();
      throw tooLarge(maxBytes);
    }
    const headBytes = sink.headBytes ?? DEFAULT_HEAD_BYTES;
    const hash = createHash('sha256');
    let limit: number | null = sink.limitFor ? null : maxBytes;
    let head: Buffer[] = [];
    let headLength = 0;
    let received = 0;
    const write = async (chunk: Uint8Array) => {
      try {
        await sink.write(chunk);
      } catch (error) {
        throw new SinkFailure(error);
      }
    };
    /** Asks the sink for its limit once the head is in, then writes the head. */
    const decide = async () => {
      const firstBytes = Buffer.concat(head, headLength);
      limit = Math.min(maxBytes, await sink.limitFor!(firstBytes.subarray(0, headBytes)));
      if ((declared ?? received) > limit) throw tooLarge(limit);
      head = [];
      await write(firstBytes);
    };
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        received += chunk.byteLength;
        if (received > (limit ?? maxBytes)) throw tooLarge(limit ?? maxBytes);
        hash.update(chunk);
        if (limit !== null) {
          await write(chunk);
          continue;
        }
        head.push(chunk);
        headLength += chunk.byteLength;
        if (headLength >= headBytes) await decide();
      }
      if (limit === null) await decide();
    } catch (error) {
      response.destroy();
      if (error instanceof SafeFetchError || error instanceof SinkFailure || watch.signal.aborted || watch.idled) throw error;
      // The connection closed before the body's end (a Content-Length or chunked body cut short).
      throw incomplete(received, declared);
    }
    // A close-delimited body cannot tell; one with a length can.
    if (declared !== null && received !== declared) throw incomplete(received, declared);
    return { byteLength: received, sha256: hash.digest('hex') };
  };
}

function incomplete(received: number, declared: number | null): SafeFetchError {
  return new SafeFetchError('incomplete', 422, `The asset server closed the connection before the whole asset arrived (${received} bytes${declared !== null ? ` of ${declared}` : ''})`);
}
