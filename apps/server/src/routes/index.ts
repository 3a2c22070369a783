// Every route of the API, registered in one place: one module per resource folder
// (routes/<resource>/<resource>-routes.ts), handlers of larger resources in verb-noun files beside it.
import { registerAccountRoutes } from './account/account-routes.ts';
import { registerAnalyticsRoutes } from './analytics/analytics-routes.ts';
import { registerAssetRoutes } from './assets/asset-routes.ts';
import { registerTransformRoutes } from './assets/transform-routes.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { registerStatusImageRoutes } from './status-image/status-image-routes.ts';
import { registerManifestRoutes } from './manifests/manifest-routes.ts';
import { registerPkiRoutes } from './pki/pki-routes.ts';
import type { ApiApp, RouteContext } from './route-context.ts';
import { registerSignContentRoutes } from './sign-content/sign-content-routes.ts';
import { registerSigningIdentityRoutes } from './signing-identities/signing-identity-routes.ts';
import { registerSupportRequestRoutes } from './support-requests/support-request-routes.ts';
import { registerTrackAnalyticsRoutes } from './track-analytics/track-analytics-routes.ts';
import { registerTrustRoutes } from './trust/trust-routes.ts';
import { registerVerifyContentRoutes } from './verify-content/verify-content-routes.ts';
import { registerSbrRoutes } from './sbr/sbr-routes.ts';
import { registerWebhookRoutes } from './webhooks/webhooks-routes.ts';
import { registerJobRoutes } from './jobs/jobs-routes.ts';

export { registerEmbedRoutes } from './embed/embed-routes.ts';

/** Paths any web page may call without credentials (the embeddable badge, public reports). */
export const PUBLIC_PATHS = ['/verify-content', '/track-analytics', '/manifests/', '/badge/', '/assets/', '/trust', '/sbr/', '/pki/'];

/** Paths other sites embed as images or media (status images, signed files, manifests). */
export const EMBEDDABLE_PATHS = ['/badge/', '/assets/', '/manifests/'];

export function registerApiRoutes(api: ApiApp, ctx: RouteContext): void {
  registerAuthRoutes(api, ctx);
  registerAccountRoutes(api, ctx);
  registerSupportRequestRoutes(api, ctx);
  registerSignContentRoutes(api, ctx);
  registerVerifyContentRoutes(api, ctx);
  registerTrackAnalyticsRoutes(api, ctx);
  registerManifestRoutes(api, ctx);
  registerSbrRoutes(api, ctx);
  registerAssetRoutes(api, ctx);
  registerTransformRoutes(api, ctx);
  registerAnalyticsRoutes(api, ctx);
  registerStatusImageRoutes(api, ctx);
  registerTrustRoutes(api, ctx);
  registerSigningIdentityRoutes(api, ctx);
  registerPkiRoutes(api, ctx);
  registerWebhookRoutes(api, ctx);
  registerJobRoutes(api, ctx);
}
