// `Cache-Control: no-store` on every response under the given path prefixes (the account and auth
// routes) and on the given exact paths (account routes among public ones, such as the asset list
// beside the public signed files): they carry tokens, API key secrets and personal data that no
// browser or proxy cache may keep. Set after the handler, so error answers (401, 429...) carry it too.
import { createMiddleware } from 'hono/factory';

// In `exactPaths` a `*` stands for one path segment (an asset ID before /transform).
export function noStore(pathPrefixes: readonly string[], exactPaths: readonly string[] = []) {
  const exact = exactPaths.map((path) => new RegExp(`^${path.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`));
  const applies = (path: string) => pathPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) || exact.some((pattern) => pattern.test(path));
  return createMiddleware(async (c, next) => {
    await next();
    if (applies(c.req.path)) c.res.headers.set('Cache-Control', 'no-store');
  });
}
