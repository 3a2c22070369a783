// Mounts the gateway's own resources: sign-content, verify-content, track-analytics, manifests,
// assets, analytics and badges.
import { registerAnalyticsRoutes } from './analytics/analytics-routes.ts';
import { registerAssetRoutes } from './assets/asset-routes.ts';
import { registerGetBadgeSvg } from './badge/get-badge-svg.ts';
import type { GatewayRouteContext } from './gateway-route-context.ts';
import { registerGetManifest } from './manifests/get-manifest.ts';
import type { ApiApp } from './route-context.ts';
import { registerSignContent } from './sign-content/sign-content.ts';
import { registerTrackAnalytics } from './track-analytics/track-analytics.ts';
import { registerVerifyContent } from './verify-content/verify-content.ts';

/** Paths any web page may call without credentials (the embeddable badge, public reports). */
export const PUBLIC_GATEWAY_PATHS = ['/verify-content', '/track-analytics', '/manifests/', '/badge/', '/assets/'];

/** Paths other sites embed as images or media (badges, signed files, manifests). */
export const EMBEDDABLE_GATEWAY_PATHS = ['/badge/', '/assets/', '/manifests/'];

export function registerGatewayRoutes(api: ApiApp, ctx: GatewayRouteContext): void {
  registerSignContent(api, ctx);
  registerVerifyContent(api, ctx);
  registerTrackAnalytics(api, ctx);
  registerGetManifest(api, ctx);
  registerAssetRoutes(api, ctx);
  registerAnalyticsRoutes(api, ctx);
  registerGetBadgeSvg(api, ctx);
}
