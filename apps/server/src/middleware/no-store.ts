// `Cache-Control: no-store` on every response under the given path prefixes (the account and auth
// routes): they carry tokens, API key secrets and personal data that no browser or proxy cache may
// keep. Set after the handler, so error answers (401, 429...) carry it too.
import { createMiddleware } from 'hono/factory';

export function noStore(pathPrefixes: readonly string[]) {
  const applies = (path: string) => pathPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  return createMiddleware(async (c, next) => {
    await next();
    if (applies(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
  });
}
