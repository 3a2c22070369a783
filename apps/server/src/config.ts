// Server configuration from environment variables, validated with zod at start; every value has a
// safe default.
import { createRequire } from 'node:module';
import path from 'node:path';
import { trustLoading } from '@provenance/engine';
import { z } from 'zod';
import { AllowHostError, parseAllowHosts } from '@provenance/safe-fetch';
import { AssetStoreSettingError, parseAssetStoreSetting } from './services/assets/asset-store-setting.ts';
import { ClaimSignerSettingError, parseClaimSignerSetting } from './services/claim-signer/claim-signer-setting.ts';

/**
 * The default time-stamping authority: SSL.com's C2PA authority (ECC), whose tokens chain to
 * "SSL.com C2PA ECC Root CA 2025" on the bundled C2PA TSA trust list, so validators trust its time.
 */
export const DEFAULT_TSA_URL = 'http://ts-c2pa.ssl.com/ecc';
/** TSA_URL=off: no timestamps (an air-gapped installation). */
export const TSA_OFF = 'off';

const ZCsv = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter((item) => item.length > 0));

const ZFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export const ZServerConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * Where the gateway is reached, for links in emails and certificates (OCSP) and in answers. Unset:
   * http://localhost:PORT for emails and certificates, and each answer's links follow the origin its
   * request came to (forwarded headers only under TRUST_PROXY). Set it in production.
   */
  PUBLIC_URL: z.string().url().optional(),
  MAX_ASSET_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
  /** POST /verify-content of an MP4, MOV or M4A: spooled to disk and verified from the file in constant memory, up to this size. */
  MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(4 * 1024 * 1024 * 1024),
  MAX_JSON_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  TRUST_ANCHORS: ZCsv,
  /** Further trust lists: `name=URL-or-file` (tier custom) or `name:legacy=URL-or-file`, comma-separated; URLs must be https. */
  TRUST_LISTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        // Refuses a plain http:// list, as the CLI does.
        return trustLoading.parseTrustListSetting(value);
      } catch (error) {
        if (!(error instanceof trustLoading.TrustListSettingError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  /** Hours between refreshes of the official and URL trust lists; 0 turns refreshing off (at most 576: 24 days, a timer's limit). */
  TRUST_LIST_REFRESH_HOURS: z.coerce.number().min(0).max(576).default(24),
  /**
   * RFC 3161 time-stamping authority every signature is timestamped by (through the safe fetcher):
   * by default a public one on the bundled C2PA TSA trust list; `off` (air-gapped) for none (null).
   * One that does not answer leaves the signing without a timestamp, added later (services/timestamps/).
   */
  TSA_URL: z
    .string()
    .trim()
    .default(DEFAULT_TSA_URL)
    .transform((value, ctx) => {
      if (value.toLowerCase() === TSA_OFF) return null;
      const url = URL.canParse(value) ? new URL(value) : null;
      if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return value;
      ctx.addIssue({ code: 'custom', message: `TSA_URL must be the http(s) URL of an RFC 3161 time-stamping authority, or ${TSA_OFF}` });
      return z.NEVER;
    }),
  /** 32 bytes in base64: the key-encryption key that seals accounts' signing keys; generated under DATA_DIR when unset. */
  KEY_ENCRYPTION_KEY: z.string().min(1).optional(),
  /** on: a signer's OCSP responder is asked (3 s at most) whether its certificate is revoked; off: revocation is not checked. */
  OCSP: z.enum(['on', 'off']).default('on'),
  /** Other C2PA soft-binding resolvers' base URLs, comma-separated: asked (3 s each, through the safe fetcher) when our repository has no match. */
  SBR_FEDERATION: ZCsv.pipe(z.array(z.string().url('SBR_FEDERATION must list URLs'))),
  /** PEM files of time-stamping authorities' roots, comma-separated, beside the bundled C2PA TSA list. */
  TSA_TRUST_ANCHORS: ZCsv,
  /** Non-public hosts the fetcher may reach: host, address, host:port or [IPv6]:port; refused at start when malformed. */
  FETCH_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      // The same reading as the `provenance` CLI's, so one list means the same in both.
      try {
        return parseAllowHosts(value);
      } catch (error) {
        if (!(error instanceof AllowHostError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  /** `development` also lets http://localhost dev servers call the account API (CORS); anything else is production. */
  NODE_ENV: z.string().default('production'),
  /** Origins allowed to call the API from a browser, besides PUBLIC_URL and the Capacitor app. */
  CORS_ORIGINS: ZCsv,
  /** Trust X-Forwarded-For / X-Forwarded-Proto: only behind a proxy that sets them. */
  TRUST_PROXY: ZFlag,
  /** Secret that signs session tokens; generated under DATA_DIR when unset (set it when running several copies). */
  AUTH_SECRET: z.string().min(32).optional(),
  DEMO_PASSWORD: z.string().min(6).default('demo-password-2026'),
  /** Where demo accounts' generated addresses are: a domain no one receives mail at (.local is reserved); sign-up refuses its addresses. */
  DEMO_EMAIL_DOMAIN: z.string().min(3).default('demo.provenance.local'),
  WEB_DIST_DIR: z.string().optional(),
  /** Engine worker threads; unset means one per core, 0 runs the engine on the main thread. */
  ENGINE_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  /** Verifications kept by the asset's SHA-256 and the trust in force (64 MB at most, 10 minutes each); 0 turns the cache off. */
  VERIFY_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
  /** Sign and verify tasks that may wait for a worker before new ones get 503. */
  ENGINE_MAX_QUEUE: z.coerce.number().int().min(1).max(10_000).default(64),
  /**
   * An engine worker whose c2pa-wasm memory passed this many MB (it never shrinks: a large file read
   * whole leaves it large) is replaced by a fresh one, started while it goes on working.
   */
  ENGINE_WORKER_MEMORY_MB: z.coerce.number().int().min(16).max(65_536).default(64),
  /**
   * Upload bytes held in memory at once, over all requests; a body that would pass it gets 503 with
   * Retry-After. Large bodies are spooled under DATA_DIR and count only while they are being used.
   */
  MAX_INFLIGHT_BYTES: z.coerce.number().int().positive().default(256 * 1024 * 1024),
  /**
   * An asset URL's download (verify or sign by URL) must finish within this many seconds in all,
   * however steadily it trickles (30 s without a byte ends it sooner); past it the request fails with
   * 422 and the spooled part is removed. 600 s brings 2 GB at 3.4 MB/s.
   */
  ASSET_FETCH_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(600),
  /** A request body that sends nothing for this long is cut with 408. */
  BODY_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Asset folders without a row are removed by the orphan sweep once untouched this long (an in-flight signing is never older). */
  ORPHAN_GRACE_SECONDS: z.coerce.number().int().min(0).default(60 * 60),
  /** Requests of one client (account, else address) in progress at once on each public endpoint, and signings per account. */
  PUBLIC_CONCURRENCY_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(8),
  /** Verifications per client per minute across all copies; 0 (the default) leaves fairness to the concurrency limit. */
  VERIFY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).default(0),
  /** Analytics events (POST /track-analytics) per client per minute; 0 means no rate limit. */
  TRACK_EVENTS_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  /** Support requests per client per hour; 0 means no rate limit. */
  SUPPORT_REQUESTS_PER_HOUR: z.coerce.number().int().min(0).default(20),
  /** Batch job items this server copy processes at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Seconds a job item may run before it is taken to be lost with its copy (a crash) and handed out again. */
  JOB_ITEM_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Batch job items one account may have waiting (queued or running) at once; POST /jobs beyond it is a 429. */
  JOB_MAX_QUEUED_ITEMS: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  /** SMTP server emails are sent through (smtp://user:pass@host:587, smtps://...); unset, emails stay in the outbox table and the log. */
  SMTP_URL: z
    .string()
    .url('SMTP_URL must be a URL such as smtp://user:pass@host:587')
    .refine((value) => /^smtps?:\/\//i.test(value), 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** The From of every email: an address, or "Name <address>"; unset, "Provenance Gateway <no-reply@<PUBLIC_URL host>>". */
  EMAIL_FROM: z
    .string()
    .trim()
    .refine((value) => /^(?:[^<>@]*<[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)$/.test(value), 'EMAIL_FROM must be an address or "Name <address>"')
    .optional(),
  /** Where support requests are sent; unset, they are stored and acknowledged only (to a signed-in sender's account address). */
  SUPPORT_EMAIL: z.string().trim().email('SUPPORT_EMAIL must be an email address').optional(),
  /** When Weekly Reports go out: a five-field cron in UTC, fired once across all copies. */
  WEEKLY_REPORT_CRON: z
    .string()
    .trim()
    .regex(/^[\d*/,-]+(\s+[\d*/,-]+){4}$/, 'WEEKLY_REPORT_CRON must be a five-field cron such as "0 8 * * 1"')
    .default('0 8 * * 1'),
  /**
   * Where signed files, manifest stores and thumbnails are kept: unset for files under DATA_DIR/assets,
   * or s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true (credentials from AWS_ACCESS_KEY_ID…).
   */
  ASSET_STORE: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseAssetStoreSetting(value);
      } catch (error) {
        if (!(error instanceof AssetStoreSettingError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Who signs the claims: file:/path/key.pem,/path/chain.pem, or remote:https://…,/path/chain.pem (a
   * service speaking the remote signing protocol, with CLAIM_SIGNER_SECRET); unset, a development
   * product certificate from the local PKI, which other validators read as untrusted.
   */
  CLAIM_SIGNER: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseClaimSignerSetting(value);
      } catch (error) {
        if (!(error instanceof ClaimSignerSettingError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    }),
  /** The shared secret a remote CLAIM_SIGNER's service checks (HMAC of each request). */
  CLAIM_SIGNER_SECRET: z.string().min(16, 'CLAIM_SIGNER_SECRET must be at least 16 characters').optional(),
  /** The product the development product certificate names in its CN (as its CPL record names it). */
  PRODUCT_NAME: z.string().trim().min(1).max(64).optional(),
  /** The operator the development product certificate names in its O. */
  OPERATOR_NAME: z.string().trim().min(1).max(64).optional(),
  /**
   * The operator's country (ISO 3166, two capital letters): the development product certificate's C,
   * which the claim-signing profile requires; unset, ZZ (unknown). Required with C2PA_CPL_RECORD.
   */
  OPERATOR_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'OPERATOR_COUNTRY must be two capital letters (ISO 3166), such as GB').optional(),
  /** The product's record ID on the C2PA Conforming Products List (a UUID): its c2pa-cpl-record extension. */
  C2PA_CPL_RECORD: z
    .string()
    .regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, "C2PA_CPL_RECORD must be the record's UUID (36 characters)")
    .optional(),
  /** The record's assurance level (1 or 2; default 1): its c2pa-al extension, and at level 2 at most 90 days of validity. */
  C2PA_ASSURANCE_LEVEL: z.enum(['1', '2'], { message: 'C2PA_ASSURANCE_LEVEL must be 1 or 2' }).optional(),
});

export type ServerConfig = Omit<z.infer<typeof ZServerConfig>, 'DATA_DIR' | 'WEB_DIST_DIR' | 'PUBLIC_URL'> & {
  DATA_DIR: string;
  WEB_DIST_DIR: string;
  PUBLIC_URL: string;
  /** PUBLIC_URL was not set: answers' links follow each request's origin. */
  LINKS_FOLLOW_REQUEST: boolean;
};

/** The web app's build: dist/ of the @provenance/web package, found through the package, from source or from the build. */
function defaultWebDistDir(): string {
  return path.join(path.dirname(createRequire(import.meta.url).resolve('@provenance/web/package.json')), 'dist');
}

/** Parses the environment; throws a readable error naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable means "use the default", as shells and compose files often set them empty.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ZServerConfig.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  const related = [
    config.CLAIM_SIGNER.kind === 'remote' && !config.CLAIM_SIGNER_SECRET && 'CLAIM_SIGNER_SECRET: a remote CLAIM_SIGNER needs the shared secret its service checks',
    config.C2PA_ASSURANCE_LEVEL && !config.C2PA_CPL_RECORD && 'C2PA_ASSURANCE_LEVEL: it is the level of a CPL record; set C2PA_CPL_RECORD too',
    // The claim-signing profile requires C and O, matching the product's CPL record: no stand-ins then.
    config.C2PA_CPL_RECORD && !config.OPERATOR_COUNTRY && "OPERATOR_COUNTRY: the product certificate's C must match your CPL record's country; set it with C2PA_CPL_RECORD",
    config.C2PA_CPL_RECORD && !config.OPERATOR_NAME && "OPERATOR_NAME: the product certificate's O must match your CPL record's organisation; set it with C2PA_CPL_RECORD",
  ].filter((problem): problem is string => typeof problem === 'string');
  if (related.length > 0) throw new Error(`Invalid configuration: ${related.join('; ')}`);
  // `npm start` at the repository root runs the server inside apps/server; relative paths still
  // mean the directory the user ran npm from (npm passes it as INIT_CWD).
  const baseDir = env.INIT_CWD ?? process.cwd();
  return {
    ...config,
    DATA_DIR: path.resolve(baseDir, config.DATA_DIR),
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    LINKS_FOLLOW_REQUEST: config.PUBLIC_URL === undefined,
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR ?? defaultWebDistDir()),
  };
}
