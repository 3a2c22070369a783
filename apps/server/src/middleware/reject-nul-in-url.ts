// Answers 400 to a request whose path or query carries a NUL character (%00). No route takes one,
// and route parameters reach PostgreSQL text columns, which cannot hold NUL: without this a manifest
// or status image lookup with a %00 in its ID failed at the database with a 500.
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/api-error.ts';

// Percent-encoded, as the URL parser writes a raw NUL too.
const ENCODED_NUL = /%00/i;

export const rejectNulInUrl = createMiddleware(async (c, next) => {
  const url = c.req.url;
  const afterHost = url.slice(url.indexOf('/', url.indexOf('//') + 2));
  if (ENCODED_NUL.test(afterHost)) throw ApiError.validation('The request URL must not contain NUL characters (%00)');
  await next();
});
