// What the gateway's routes (sign, verify, analytics, manifests, assets, badges) receive on top of
// the shared route context: the gateway services.
import type { Context } from 'hono';
import type { GatewayServices } from '../services/create-gateway-services.ts';
import type { RouteContext } from './route-context.ts';

export interface GatewayRouteContext extends RouteContext {
  gateway: GatewayServices;
}

/**
 * Coarse place of the caller, from the country (and city) headers CDNs and edge proxies add.
 * Nothing is looked up: without such headers the place is unknown.
 */
export function coarseGeo(c: Context): string | null {
  const country = c.req.header('cf-ipcountry') ?? c.req.header('cloudfront-viewer-country') ?? c.req.header('x-vercel-ip-country') ?? c.req.header('x-country-code');
  if (!country || country === 'XX' || country === 'T1') return null;
  const city = c.req.header('cf-ipcity') ?? c.req.header('x-vercel-ip-city');
  return city ? `${decodeURIComponent(city)}, ${country.toUpperCase()}` : country.toUpperCase();
}
