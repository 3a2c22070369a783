// One HTTP exchange of a fetch, on a connection pinned to the address that was checked: a
// redirect's Location or an error status is reported without its body, a 2xx answer's body is
// handed to the mode's body reader; the total and idle time limits are watched here.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { SafeFetchConditional, SafeFetchPost } from './fetch-types.ts';
import type { PinnedAddress } from './hop-destination.ts';

const REDIRECT_CODES = new Set([301, 302, 303, 307, 308]);

export interface Answer<T> {
  status: number;
  location: string | null;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  /** The body as the reader made it; null for a redirect or an error status. */
  body: T | null;
}

/** Reads a 2xx answer's body; throws SafeFetchError for the body's own faults. */
export type BodyReader<T> = (response: http.IncomingMessage) => Promise<T>;

/** Watches one fetch: the total time limit (the signal) and, streaming, the idle one. */
export interface FetchWatch {
  signal: AbortSignal;
  idleTimeoutMs?: number | undefined;
  /** Set when the idle limit cut the connection. */
  idled: boolean;
  /** Set once a 2xx answer's body began to be read: a time-out then cut a download under way. */
  receiving: boolean;
}

export function requestOnce<T>(url: URL, pinned: PinnedAddress, watch: FetchWatch, readBody: BodyReader<T>, post?: SafeFetchPost, conditional?: SafeFetchConditional): Promise<Answer<T>> {
  const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: post ? 'POST' : 'GET',
        lookup,
        signal: watch.signal,
        headers: {
          'user-agent': 'ProvenanceGateway/1.0 (+content credentials verification)',
          accept: '*/*',
          ...post?.headers,
          ...(conditional?.ifNoneMatch && { 'if-none-match': conditional.ifNoneMatch }),
          ...(conditional?.ifModifiedSince && { 'if-modified-since': conditional.ifModifiedSince }),
          ...(post && { 'content-type': post.contentType, 'content-length': String(post.body.byteLength) }),
        },
        ...(url.protocol === 'https:' && { servername: url.hostname }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = response.headers['content-type'] ?? null;
        const validators = { etag: response.headers.etag ?? null, lastModified: response.headers['last-modified'] ?? null };
        if (REDIRECT_CODES.has(status)) {
          response.resume();
          resolve({ status, location: response.headers.location ?? null, contentType, ...validators, body: null });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          resolve({ status, location: null, contentType, ...validators, body: null });
          return;
        }
        watch.receiving = true;
        readBody(response).then((body) => resolve({ status, location: null, contentType, ...validators, body }), reject);
      },
    );
    if (watch.idleTimeoutMs !== undefined) {
      // The socket's inactivity, from connecting to the body's last byte.
      request.setTimeout(watch.idleTimeoutMs, () => {
        watch.idled = true;
        request.destroy();
      });
    }
    request.on('error', reject);
    request.end(post ? Buffer.from(post.body.buffer, post.body.byteOffset, post.body.byteLength) : undefined);
  });
}
