// Answers a request for a stored file (a signed asset, a .c2pa manifest store, a thumbnail) from the
// asset store, streamed: 200 with the whole file, 206 with the range asked for, 416 when the range lies
// beyond the file, 304 when a cache's If-None-Match names its ETag, and no body for HEAD. Accept-Ranges tells players they may seek.
import { Readable } from 'node:stream';
import fresh from 'fresh';
import type { Context } from 'hono';
import type { AssetFileRead, AssetReadOptions } from '../services/assets/asset-store.ts';
import { rangeFromHeaders } from './byte-range.ts';

/** What to read of a stored file for this request: its Range, and nothing at all for HEAD. */
export function storedFileReadOptions(c: Context): AssetReadOptions {
  const range = rangeFromHeaders({ range: c.req.header('range'), ifRange: c.req.header('if-range') });
  return { ...(range && { range }), withoutBody: c.req.method === 'HEAD' };
}

/**
 * 304 Not Modified when the request's If-None-Match names the file's ETag (a cache asking whether a
 * file it holds changed: checked before any Range, RFC 9110 13.2.2), its stream closed; else null.
 */
export function notModifiedResponse(c: Context, read: AssetFileRead, headers: { etag: string; 'cache-control'?: string }) {
  const ifNoneMatch = c.req.header('if-none-match');
  if (!ifNoneMatch || !fresh({ 'if-none-match': ifNoneMatch }, { etag: headers.etag })) return null;
  if (read.kind !== 'unsatisfiable') read.body?.destroy();
  return c.body(null, 304, headers);
}

/** The answer, typed as the route's 200, 206 and 416 (routes/file-responses.ts documents them). */
export function storedFileResponse(c: Context, read: AssetFileRead, headers: Record<string, string>) {
  if (read.kind === 'unsatisfiable') {
    const message = `The range asked for lies beyond the file, which has ${read.size} bytes`;
    return c.json({ error: { code: 'range_not_satisfiable', message } }, 416, { 'content-range': `bytes */${read.size}`, 'accept-ranges': 'bytes' });
  }
  // Readable.toWeb destroys the store's stream when the client goes away, freeing its file or socket.
  const body = read.body ? (Readable.toWeb(read.body) as ReadableStream<Uint8Array>) : null;
  const common = { ...headers, 'accept-ranges': 'bytes' };
  if (read.kind === 'partial') {
    const { start, end } = read.range;
    const partial = { ...common, 'content-range': `bytes ${start}-${end}/${read.size}`, 'content-length': String(end - start + 1) };
    return body ? c.body(body, 206, partial) : c.body(null, 206, partial);
  }
  const whole = { ...common, 'content-length': String(read.size) };
  return body ? c.body(body, 200, whole) : c.body(null, 200, whole);
}
