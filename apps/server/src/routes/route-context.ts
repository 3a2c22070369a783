// What every route module receives: the services, the account guards, the request helpers and
// the reader of uploads. One context for every resource.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { UploadReader } from '../http/upload-reader.ts';
import type { optionalAccount, requireAccount } from '../middleware/account.ts';
import type { clientLimits } from '../middleware/client-limits.ts';
import type { Services } from '../services/create-services.ts';

export interface ApiEnv {
  Variables: { requestId: string };
}

export type ApiApp = OpenAPIHono<ApiEnv>;

export interface RouteContext {
  services: Services;
  requireAccount: ReturnType<typeof requireAccount>;
  optionalAccount: ReturnType<typeof optionalAccount>;
  clientIp: (c: Context) => string;
  /** The caller's coarse place from CDN headers, only when a proxy is trusted. */
  clientGeo: (c: Context) => string | null;
  /** Admits a request to a public endpoint within its client's fair share (429 otherwise). */
  clientLimit: ReturnType<typeof clientLimits>;
  /** Reads upload bodies within the server's memory budget. */
  uploads: UploadReader;
  /** The base of the links in this request's answers (http/asset-links.ts). */
  apiBaseUrl: (c: Context) => string;
  config: { publicUrl: string };
}

/** OpenAPI security requirement of authenticated routes: a bearer access token or API key. */
export const BEARER_SECURITY = [{ bearerAuth: [] }];
