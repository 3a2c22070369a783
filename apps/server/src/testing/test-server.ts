// Test harness: a real app over a fresh test database, driven through app.request(), plus small
// helpers to make requests and create signed-in accounts. No HTTP socket is opened. Every app has all
// its services: unless a test brings its own, a real engine on one worker thread (the pool the product runs), a file asset store
// in a temporary folder and the safe fetcher allowing 127.0.0.1 only (explicitly, as production
// never does).
import crypto from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSafeFetcher, createSafeStreamFetcher, type SafeFetch } from '@provenance/safe-fetch';
import type { TSession } from '@provenance/contracts';
import type { Hono } from 'hono';
import { createApp, type AppConfig } from '../app.ts';
import type { SizeLimits } from '../services/assets/size-policy.ts';
import { afterAll, beforeAll } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { openTestDatabase, type TestDatabaseKind } from './test-databases.ts';
import { signUpTokenFromOutbox } from './sign-up-mail.ts';
import { createLogger } from '../logging/logger.ts';
import { createFileAssetStore, type AssetStore } from '../services/assets/asset-store.ts';
import { createEngine, type Engine } from '../services/engine/engine.ts';
import { createTaskQueue } from '../queue/task-queue.ts';
import type { ClaimSigning } from '../services/claim-signer/installation-claim-signer.ts';
import { createServices, type Services } from '../services/create-services.ts';
import type { AttemptLimitRules } from '../services/rate-limits/attempt-limits.ts';
import type { PublicLimitRules } from '../services/rate-limits/public-limits.ts';
import type { TrustListSettings } from '../services/trust/trust-lists.ts';
import type { ApiEnv } from '../routes/route-context.ts';
import type { SbrFederation } from '../services/manifest-repository/soft-binding-resolver.ts';
import type { EmailSettings } from '../services/email/email-notifications.ts';
import type { WebhookDeliveryPolicy } from '../services/webhooks/webhooks.ts';
import type { KeyVault } from '../services/signing-identities/key-vault.ts';
import type { JobProcessingSettings } from '../services/jobs/job-item-worker.ts';
import type { TimestampRetryPolicy } from '../services/timestamps/asset-timestamps.ts';
import type { AssetDownloadSettings } from '../services/fetching/asset-download.ts';
import { nameTestOrganizationAt, TEST_ORGANIZATION } from './test-organization.ts';
import { publicLinks } from '../http/asset-links.ts';

export { nameTestOrganizationAt, TEST_ORGANIZATION };

export const TEST_DEMO_PASSWORD = 'demo-pass-123';

/** Limits high enough that only the rate-limit tests ever trip them. */
export const GENEROUS_LIMITS: AttemptLimitRules = {
  password: {
    perIp: { limit: 10_000, windowSeconds: 60 },
    perIpAndAccount: { freeFailures: 10_000, firstDelaySeconds: 1, maxDelaySeconds: 1, forgetAfterSeconds: 60 },
  },
  'sign-up': { perIp: { limit: 10_000, windowSeconds: 60 } },
  demo: { perIp: { limit: 10_000, windowSeconds: 60 }, perAccount: { limit: 10_000, windowSeconds: 60 } },
};

/** Public-endpoint limits no test reaches by accident: suites fire many requests from one address. */
export const GENEROUS_PUBLIC_LIMITS: PublicLimitRules = {
  verify: { concurrent: 10_000 },
  statusImage: { concurrent: 10_000 },
  track: { concurrent: 10_000, rate: { limit: 100_000, windowSeconds: 60 } },
  support: { concurrent: 10_000, rate: { limit: 100_000, windowSeconds: 60 } },
  sbr: { concurrent: 10_000, rate: { limit: 100_000, windowSeconds: 60 } },
  ocsp: { concurrent: 10_000 },
  sign: { concurrent: 10_000 },
};

export interface TestServer {
  app: Hono<ApiEnv>;
  services: Services;
  logLines: string[];
  /** Stops what the server started in the background (the work queue, when a test used it). */
  close(): Promise<void>;
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
}

export interface TestServerOptions {
  attemptLimits?: AttemptLimitRules;
  publicLimits?: PublicLimitRules;
  /** The app's settings, and the size policy's limits (MAX_ASSET_BYTES 1 MB unless given). */
  config?: Partial<AppConfig & SizeLimits>;
  clock?: () => Date;
  engine?: Engine;
  store?: AssetStore;
  fetcher?: SafeFetch;
  /**
   * How asset URLs are streamed to disk; by default (unless `fetcher` is given, which then fetches
   * them into memory) the streaming fetcher allowing 127.0.0.1, TEST_MAX_ASSET_BYTES (or maxVideoBytes for a video), a temporary folder.
   */
  assetDownloads?: AssetDownloadSettings;
  /** Where the trust lists come from; without it, the official lists (never fetched) and the gateway root. */
  trust?: TrustListSettings;
  /** 0 turns the verification cache off. */
  verifyCacheEntries?: number;
  /** Revocation (OCSP) is asked through this fetcher; without it, OCSP is off. */
  ocspFetcher?: SafeFetch;
  /** Other soft-binding resolvers asked when ours has no match. */
  sbrFederation?: SbrFederation;
  /** Email on (the outbox, alerts, weekly reports, support emails); without it nothing is emailed. */
  email?: EmailSettings;
  /** Webhook retries and polling (tests shorten the delays). */
  webhookDelivery?: WebhookDeliveryPolicy;
  /** The key vault, when copies of a server must share it (KEY_ENCRYPTION_KEY); else one per server. */
  keyVault?: KeyVault;
  /** Batch job processing (tests shorten the retry delay). */
  jobs?: Partial<JobProcessingSettings>;
  /** Who signs the claims (CLAIM_SIGNER and the product certificate's names); without it, the development product certificate. */
  claimSigning?: ClaimSigning;
  /** Timestamps added after signing: shorter retries, and the clock their week is counted by. */
  timestamps?: { retry?: TimestampRetryPolicy; clock?: () => Date };
}

export const TEST_MAX_ASSET_BYTES = 8 * 1024 * 1024;

let sharedEngine: Promise<Engine> | undefined;

/** One engine, on one worker, shared by the suites that bring none. */
function defaultEngine(): Promise<Engine> {
  sharedEngine ??= createEngine({ pkiDir: path.join(mkdtempSync(path.join(tmpdir(), 'pg-test-pki-')), 'pki'), trustAnchorFiles: [] });
  return sharedEngine;
}

/** What the test fetcher may reach although it is not public. */
export const TEST_ALLOW_HOSTS = ['127.0.0.1'];

export function createTestFetcher(): SafeFetch {
  return createSafeFetcher({ allowHosts: TEST_ALLOW_HOSTS, maxBytes: TEST_MAX_ASSET_BYTES, timeoutMs: 5_000 });
}

/** The streaming fetcher's settings of a test server: as createTestFetcher, videos up to `maxVideoBytes`. */
export function testAssetDownloads(maxVideoBytes: number): AssetDownloadSettings {
  const maxBytes = Math.max(maxVideoBytes, TEST_MAX_ASSET_BYTES);
  return {
    fetcher: createSafeStreamFetcher({ allowHosts: TEST_ALLOW_HOSTS, maxBytes, timeoutMs: 60_000, idleTimeoutMs: 5_000 }),
    spoolDir: mkdtempSync(path.join(tmpdir(), 'pg-test-downloads-')),
    limits: { maxAssetBytes: TEST_MAX_ASSET_BYTES, maxVideoBytes: maxBytes },
  };
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export async function createTestServer(database: DbHandle, options: TestServerOptions = {}): Promise<TestServer> {
  const logLines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(line) });
  const { maxAssetBytes = 1024 * 1024, maxVideoBytes, ...appConfig } = options.config ?? {};
  const config: AppConfig = {
    publicUrl: 'http://localhost:8080',
    maxJsonBytes: 64 * 1024,
    corsOrigins: ['https://app.example.com'],
    trustProxy: true,
    demoPassword: TEST_DEMO_PASSWORD,
    demoEmailDomain: 'demo.provenance.local',
    ...appConfig,
  };
  const authSecret = crypto.randomBytes(32).toString('base64url');
  const services = createServices({
    links: publicLinks(config.publicUrl),
    db: database.db,
    // Started by the first task a test sends; tests that use it close the server.
    queue: createTaskQueue({ sql: database.sql, logger }),
    logger,
    authSecret,
    publicUrl: config.publicUrl,
    demoPassword: config.demoPassword,
    demoEmailDomain: config.demoEmailDomain,
    attemptLimits: options.attemptLimits ?? GENEROUS_LIMITS,
    publicLimits: options.publicLimits ?? GENEROUS_PUBLIC_LIMITS,
    clock: options.clock,
    engine: options.engine ?? (await defaultEngine()),
    sizes: { maxAssetBytes, maxVideoBytes },
    store: options.store ?? createFileAssetStore(mkdtempSync(path.join(tmpdir(), 'pg-test-assets-'))),
    fetcher: options.fetcher ?? createTestFetcher(),
    assetDownloads: options.assetDownloads ?? (options.fetcher ? undefined : testAssetDownloads(maxVideoBytes ?? TEST_MAX_ASSET_BYTES)),
    fetchAllowHosts: TEST_ALLOW_HOSTS,
    ...(options.webhookDelivery && { webhookDelivery: options.webhookDelivery }),
    ...(options.keyVault && { keyVault: options.keyVault }),
    ...(options.jobs && { jobs: options.jobs }),
    ...(options.claimSigning && { claimSigning: options.claimSigning }),
    ...(options.timestamps && { timestamps: options.timestamps }),
    ...(options.verifyCacheEntries !== undefined && { verifyCacheEntries: options.verifyCacheEntries }),
    ...(options.ocspFetcher && { ocspFetcher: options.ocspFetcher }),
    ...(options.sbrFederation && { sbrFederation: options.sbrFederation }),
    ...(options.trust && { trust: options.trust }),
    ...(options.email && { email: options.email }),
  });
  const app = createApp({ config, logger, services });
  return {
    app,
    services,
    logLines,
    async close() {
      await services.queue.stop(2_000);
      await services.flush();
    },
    async request(method, path, requestOptions = {}) {
      const headers: Record<string, string> = { 'x-forwarded-for': requestOptions.ip ?? '198.51.100.1', ...requestOptions.headers };
      if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
      let body: string | undefined;
      if (requestOptions.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof requestOptions.body === 'string' ? requestOptions.body : JSON.stringify(requestOptions.body);
      }
      return app.request(path.startsWith('/') ? path : `/api/v1/${path}`, { method, headers, body });
    },
  };
}

export function uniqueEmail(label = 'user'): string {
  return `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`;
}

/** Signs up a new account through the API, confirms it with the link of its mail, and returns its session and password. */
export async function signUpAccount(server: TestServer, email = uniqueEmail(), password = 'secret-123'): Promise<{ session: TSession; email: string; password: string }> {
  const response = await server.request('POST', 'auth/sign-up', { body: { email, password } });
  if (response.status !== 202) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const session = await confirmSignUp(server, email);
  await nameTestOrganization(server, session.access_token);
  return { session, email, password };
}

/** Follows the link of the newest confirmation mail to `email` (its outbox row), as its reader would: the new account's session. */
export async function confirmSignUp(server: TestServer, email: string): Promise<TSession> {
  const token = await signUpTokenFromOutbox(server.services.accountMail, email);
  const response = await server.request('POST', 'auth/confirm-sign-up', { body: { token } });
  if (response.status !== 201) throw new Error(`sign-up confirmation failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { session: TSession }).session;
}


/** Sets the name an account signs under, as the Settings card does (PUT /account/organization). */
export async function nameTestOrganization(server: TestServer, token: string, name = TEST_ORGANIZATION): Promise<void> {
  const response = await server.request('PUT', 'account/organization', { token, body: { name } });
  if (response.status !== 200) throw new Error(`naming the organisation failed: ${response.status} ${await response.text()}`);
}


export async function readJson<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * A test server on its own fresh database of `kind` for the enclosing describe(): opened before its
 * tests, closed after. Read `suite.server` and `suite.database` inside the tests.
 */
export function useTestServer(kind: TestDatabaseKind): { readonly server: TestServer; readonly database: DbHandle } {
  let opened: { server: TestServer; database: DbHandle } | undefined;
  beforeAll(async () => {
    const database = await openTestDatabase(kind);
    opened = { database, server: await createTestServer(database) };
  });
  afterAll(async () => opened?.database.close());
  const current = () => {
    if (!opened) throw new Error('useTestServer: read suite.server inside a test, not while the suite is being defined');
    return opened;
  };
  return {
    get server() {
      return current().server;
    },
    get database() {
      return current().database;
    },
  };
}
