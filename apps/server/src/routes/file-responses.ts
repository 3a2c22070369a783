// OpenAPI entries of the routes that serve a stored file: the whole file (200), one range of it (206,
// with Content-Range) and a range beyond it (416). See http/stored-file-response.ts.
import { z } from '@hono/zod-openapi';
import { ZErrorResponse } from '@provenance/contracts';

const binary = z.string().openapi({ format: 'binary' });

/** Keyed by the literal media type, so the route's handler may answer with a plain Response. */
function binaryContent<T extends string>(type: T): Record<T, { schema: typeof binary }> {
  return { [type]: { schema: binary } } as Record<T, { schema: typeof binary }>;
}

/** The 206 and 416 answers of a ranged read; the route gives its own 200. */
export function rangedFileResponses<T extends string>(type: T) {
  return {
    206: {
      description: 'The one byte range asked for with `Range: bytes=first-last` (or `bytes=-suffix`); Content-Range says which bytes of how many',
      content: binaryContent(type),
    },
    416: { description: 'The range lies beyond the file; Content-Range: bytes */size', content: { 'application/json': { schema: ZErrorResponse } } },
  };
}

/** A stored file, whole or by range. */
export function storedFileResponses<T extends string>(type: T, description: string) {
  return { 200: { description: `${description}. Accept-Ranges: bytes`, content: binaryContent(type) }, ...rangedFileResponses(type) };
}

/** 304 to a request whose If-None-Match names the file's ETag (its SHA-256). */
export const notModifiedResponses = {
  304: { description: 'Not Modified: If-None-Match named the file\'s ETag (its SHA-256), so the copy the client holds is current; no body' },
};
