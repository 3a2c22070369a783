// Coarse place of the caller, from the country (and city) headers CDNs and edge proxies add. Any
// client can send those headers itself, so they are read only when the server is configured to
// trust a proxy (TRUST_PROXY), like X-Forwarded-For. Nothing is looked up: otherwise it is unknown.
import type { Context } from 'hono';

export function clientGeo(c: Context, trustProxy: boolean): string | null {
  if (!trustProxy) return null;
  const country = c.req.header('cf-ipcountry') ?? c.req.header('cloudfront-viewer-country') ?? c.req.header('x-vercel-ip-country') ?? c.req.header('x-country-code');
  if (!country || country === 'XX' || country === 'T1') return null;
  const city = c.req.header('cf-ipcity') ?? c.req.header('x-vercel-ip-city');
  return city ? `${safeDecode(city)}, ${country.toUpperCase()}` : country.toUpperCase();
}

/** A malformed percent-encoding in a header must not turn a verification into a 500. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
