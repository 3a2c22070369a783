// CORS for the API. Hono's cors middleware answers preflights (OPTIONS) here as everywhere; on
// every other request the same headers are set with c.header() instead of on c.res before the
// handler runs. Hono's sets them on c.res, which creates a response before the handler's: the
// handler's is then rebuilt over it as a web Response, so @hono/node-server can no longer write its
// body directly and reads it back through a web stream. Measured on a 2 MB verification by upload,
// that took the answer 0.8 ms from the handler's return to its first byte written.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export interface ApiCorsOptions {
  /** The Access-Control-Allow-Origin value for a request's Origin; null: none. `'*'` allows any origin without credentials. */
  origin: '*' | ((origin: string) => string | null);
  allowMethods: string[];
  allowHeaders: string[];
  exposeHeaders: string[];
  /** Seconds a browser may keep a preflight's answer. */
  maxAge: number;
}

export function apiCors(options: ApiCorsOptions): MiddlewareHandler {
  const preflight = cors(options);
  const exposed = options.exposeHeaders.join(',');
  const allowOrigin = options.origin === '*' ? () => '*' : options.origin;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const allowed = allowOrigin(c.req.header('origin') ?? '');
    if (allowed) c.header('Access-Control-Allow-Origin', allowed);
    if (exposed) c.header('Access-Control-Expose-Headers', exposed);
    await next();
    // The answer depends on the Origin sent unless any origin gets the same one.
    if (options.origin !== '*') c.header('Vary', 'Origin', { append: true });
  };
}
