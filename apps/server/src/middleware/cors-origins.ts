// Which browser origins may call the account API with credentials: PUBLIC_URL's own, the
// Capacitor app's, CORS_ORIGINS, and http://localhost dev servers in development only, since in
// production any program on a visitor's machine can serve a page from http://localhost.
export interface AccountOriginOptions {
  publicUrl: string;
  corsOrigins: readonly string[];
  /** NODE_ENV=development: plain-http localhost origins (dev servers, live reload) are allowed too. */
  development: boolean;
}

/** Origins of the Capacitor app on iOS (capacitor://) and Android (https://), always allowed. */
const CAPACITOR_ORIGINS = ['capacitor://localhost', 'https://localhost'];

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocalDevOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname) && url.origin === origin;
}

export function accountOriginPolicy(options: AccountOriginOptions): (origin: string) => boolean {
  const allowed = new Set([new URL(options.publicUrl).origin, ...CAPACITOR_ORIGINS, ...options.corsOrigins]);
  return (origin) => allowed.has(origin) || (options.development && isLocalDevOrigin(origin));
}
