// Which browser origins may call the account API with credentials: PUBLIC_URL's own, the iOS
// Capacitor app's (capacitor://, which no web page can have), CORS_ORIGINS, and localhost pages in
// development only: in production any program on a visitor's machine can serve a page from
// http://localhost or https://localhost, so the Android app's https://localhost is allowed only
// when CORS_ORIGINS names it (a deployment that ships the Android app does).
export interface AccountOriginOptions {
  publicUrl: string;
  corsOrigins: readonly string[];
  /** NODE_ENV=development: plain-http localhost origins (dev servers, live reload) are allowed too. */
  development: boolean;
}

/** Origin of the Capacitor app on iOS, always allowed; Android's https://localhost is in CORS_ORIGINS or development. */
const CAPACITOR_ORIGINS = ['capacitor://localhost'];
const ANDROID_CAPACITOR_ORIGIN = 'https://localhost';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocalDevOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  return url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname) && url.origin === origin;
}

export function accountOriginPolicy(options: AccountOriginOptions): (origin: string) => boolean {
  const allowed = new Set([new URL(options.publicUrl).origin, ...CAPACITOR_ORIGINS, ...options.corsOrigins]);
  return (origin) => allowed.has(origin) || (options.development && (origin === ANDROID_CAPACITOR_ORIGIN || isLocalDevOrigin(origin)));
}
