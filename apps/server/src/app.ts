// createApp(deps): the whole HTTP application as a Hono app over the services (built by
// services/create-services.ts), so tests drive it with app.request() and main.ts is the only place
// with side effects.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { API_BASE_PATH, apiBaseOf } from './http/asset-links.ts';
import { createErrorHandler, errorBody } from './http/error-handler.ts';
import { createInflightBytes } from './http/inflight-bytes.ts';
import { createUploadReader, type UploadReader } from './http/upload-reader.ts';
import { createUploadSpool } from './http/upload-spool.ts';
import { validationHook } from './http/validation-hook.ts';
import type { Logger } from './logging/logger.ts';
import { optionalAccount, requireAccount } from './middleware/account.ts';
import { bodySizeLimit } from './middleware/body-size-limit.ts';
import { clientGeo } from './middleware/client-geo.ts';
import { clientIp } from './middleware/client-ip.ts';
import { clientLimits } from './middleware/client-limits.ts';
import { apiCors } from './middleware/api-cors.ts';
import { accountOriginPolicy } from './middleware/cors-origins.ts';
import { noStore } from './middleware/no-store.ts';
import { rejectNulInUrl } from './middleware/reject-nul-in-url.ts';
import { requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { mountWebApp } from './middleware/web-app.ts';
import { EMBEDDABLE_PATHS, PUBLIC_PATHS, registerApiRoutes, registerEmbedRoutes } from './routes/index.ts';
import { MAX_JOB_REQUEST_BYTES } from './routes/jobs/parse-job-request.ts';
import type { ApiEnv, RouteContext } from './routes/route-context.ts';
import type { Services } from './services/create-services.ts';


export interface AppConfig {
  publicUrl: string;
  /** PUBLIC_URL was not set: the links in answers follow the origin each request came to. */
  linksFollowRequest?: boolean;
  maxJsonBytes: number;
  corsOrigins: string[];
  trustProxy: boolean;
  /** NODE_ENV=development: http://localhost dev servers may call the account API too. */
  development?: boolean;
  demoPassword: string;
  demoEmailDomain: string;
  /** Built web app to serve; skipped when it has no index.html. */
  webDistDir?: string | undefined;
  /** A request body that sends nothing for this long is cut (408); 30 s when unset. */
  bodyIdleTimeoutMs?: number | undefined;
}

export interface AppDeps {
  config: AppConfig;
  logger: Logger;
  /** Every service, built once (main.ts shares them with the scheduled tasks). */
  services: Services;
  /**
   * Reads uploads within the server's one memory budget (main.ts builds it from MAX_INFLIGHT_BYTES
   * and spools under DATA_DIR); a 256 MB budget spooling to the system's temporary folder when absent.
   */
  uploads?: UploadReader;
}

export function createApp(deps: AppDeps): Hono<ApiEnv> {
  const { config, logger, services } = deps;

  const app = new Hono<ApiEnv>();
  app.use('*', requestId());
  app.use('*', requestLog(logger));
  app.use('*', rejectNulInUrl);
  registerEmbedRoutes(app); // the badge script publishers load cross-origin; before securityHeaders, which is same-origin
  app.use('*', securityHeaders({ trustProxy: config.trustProxy, crossOriginPrefixes: EMBEDDABLE_PATHS.map((prefix) => `${API_BASE_PATH}${prefix}`) }));
  const isAllowedOrigin = accountOriginPolicy({ publicUrl: config.publicUrl, corsOrigins: config.corsOrigins, development: config.development ?? false });
  const accountCors = apiCors({
    origin: (origin) => (isAllowedOrigin(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
  // Verification, analytics events, manifests, signed files and status images are public: any page may
  // call them (the embeddable badge does), without cookies; account routes keep the origin list.
  const publicCors = apiCors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], allowHeaders: ['Authorization', 'Content-Type'], exposeHeaders: ['X-Request-Id', 'Retry-After'], maxAge: 600 });
  const isPublicPath = (path: string) => PUBLIC_PATHS.some((prefix) => path.startsWith(`${API_BASE_PATH}${prefix}`));
  app.use(`${API_BASE_PATH}/*`, (c, next) => (isPublicPath(c.req.path) ? publicCors(c, next) : accountCors(c, next)));
  // Every account route: the asset list and transform sit beside the public signed files under /assets.
  app.use(
    `${API_BASE_PATH}/*`,
    noStore(
      ['/account', '/auth', '/analytics', '/jobs', '/webhooks', '/sign-content'].map((prefix) => `${API_BASE_PATH}${prefix}`),
      ['/assets', '/assets/*/transform'].map((path) => `${API_BASE_PATH}${path}`),
    ),
  );
  const bodyLimits = { maxJsonBytes: config.maxJsonBytes, maxAssetBytes: services.sizePolicy.uploadLimit('lookup'), idleTimeoutMs: config.bodyIdleTimeoutMs ?? 30_000 };
  const apiBodyLimit = bodySizeLimit(bodyLimits);
  // A batch job's list of up to 10,000 items (JSON or NDJSON) is larger than other JSON bodies.
  const jobsBodyLimit = bodySizeLimit({ ...bodyLimits, maxJsonBytes: Math.max(config.maxJsonBytes, MAX_JOB_REQUEST_BYTES) });
  // A video to verify or sign may be larger than other uploads (it is verified or signed from its spool file).
  const verifyBodyLimit = bodySizeLimit({ ...bodyLimits, maxAssetBytes: services.sizePolicy.uploadLimit('verify') });
  app.use(`${API_BASE_PATH}/*`, (c, next) =>
    c.req.path === `${API_BASE_PATH}/jobs` ? jobsBodyLimit(c, next) : c.req.path === `${API_BASE_PATH}/verify-content` || c.req.path === `${API_BASE_PATH}/sign-content` ? verifyBodyLimit(c, next) : apiBodyLimit(c, next),
  );

  const api = new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A session access token, or an API key (pg_live_... / pg_test_...)',
  });
  const routeContext: RouteContext = {
    services,
    requireAccount: requireAccount(services.accountResolver),
    optionalAccount: optionalAccount(services.accountResolver),
    clientIp: (c) => clientIp(c, config.trustProxy),
    clientGeo: (c) => clientGeo(c, config.trustProxy),
    clientLimit: clientLimits(services.publicLimits, (c) => clientIp(c, config.trustProxy)),
    uploads: deps.uploads ?? createUploadReader({ budget: createInflightBytes(256 * 1024 * 1024), spool: createUploadSpool(path.join(tmpdir(), 'provenance-gateway-uploads')) }),
    apiBaseUrl: (c) => apiBaseOf(c, { publicUrl: config.publicUrl, followRequest: config.linksFollowRequest ?? false, trustProxy: config.trustProxy }),
    config: { publicUrl: config.publicUrl },
  };
  registerApiRoutes(api, routeContext);

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Provenance Gateway API', version: '1.0.0', description: 'Sign, verify and display C2PA Content Credentials.' },
    servers: [{ url: `${config.publicUrl}${API_BASE_PATH}` }],
  });
  app.route(API_BASE_PATH, api);

  if (config.webDistDir) mountWebApp(app, config.webDistDir);

  app.notFound((c) => c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}`), 404));
  app.onError(createErrorHandler(logger));
  return app;
}
