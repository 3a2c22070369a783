// Security headers on every response: a strict CSP for the API, the React app's CSP for web pages,
// no-sniff, DENY framing, and HSTS only when the request arrived over TLS.
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { isSecureRequest } from './client-ip.ts';

const API_CSP = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

const WEB_CSP = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' compiles WebAssembly (c2pa-rs, when a file is verified in the browser) and
  // nothing else: eval of JavaScript stays refused. Its Web Worker is started from a blob: URL.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  workerSrc: ["'self'", 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
};

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

export function securityHeaders(options: { trustProxy: boolean; /** Paths other sites may embed (status images, signed files). */ crossOriginPrefixes?: readonly string[] }) {
  const common = { strictTransportSecurity: false, xFrameOptions: 'DENY', xContentTypeOptions: 'nosniff' } as const;
  const apiHeaders = secureHeaders({ ...common, contentSecurityPolicy: API_CSP });
  // Cross-Origin-Resource-Policy: same-origin would stop an <img> of a status image or a signed file on a
  // publisher's page; those public resources say cross-origin instead.
  const embeddableHeaders = secureHeaders({ ...common, contentSecurityPolicy: API_CSP, crossOriginResourcePolicy: 'cross-origin' });
  const webHeaders = secureHeaders({ ...common, contentSecurityPolicy: WEB_CSP });
  const crossOriginPrefixes = options.crossOriginPrefixes ?? [];
  return createMiddleware(async (c, next) => {
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/');
    const embeddable = isApi && crossOriginPrefixes.some((prefix) => c.req.path.startsWith(prefix));
    await (embeddable ? embeddableHeaders : isApi ? apiHeaders : webHeaders)(c, next);
    if (isSecureRequest(c, options.trustProxy)) c.header('Strict-Transport-Security', HSTS_VALUE);
  });
}
