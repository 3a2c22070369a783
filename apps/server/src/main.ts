// Entry point and the only module with side effects: reads the configuration, opens the database
// (running migrations), starts the scheduled tasks of each copy (orphan sweep, trust-list refresh) and
// the HTTP server, and shuts down on SIGTERM/SIGINT.
import { Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDb } from './db/create-db.ts';
import { gatewayConnectionGate, guardConnections } from './http/connection-gate.ts';
import { createInflightBytes } from './http/inflight-bytes.ts';
import { createUploadReader } from './http/upload-reader.ts';
import { createUploadSpool } from './http/upload-spool.ts';
import { startOrphanSweepSchedule } from './scheduled-tasks/orphan-sweep-schedule.ts';
import { startTrustListRefreshSchedule } from './scheduled-tasks/trust-list-refresh-schedule.ts';
import { createLogger } from './logging/logger.ts';
import { createTaskQueue } from './queue/task-queue.ts';
import { loadAuthSecret } from './services/auth/auth-secret.ts';
import { loadKeyEncryptionKey, openKeyVault } from './services/signing-identities/key-vault.ts';
import { syncGatewayPki } from './services/pki/gateway-pki-store.ts';
import { trustListKeeping } from '@provenance/engine';
import { createSafeFetcher, createSafeStreamFetcher } from '@provenance/safe-fetch';
import { openAssetStore } from './services/assets/open-asset-store.ts';
import { createEngine } from './services/engine/engine.ts';
import { removeAccountFiles } from './services/accounts/remove-account-files.ts';
import { createServices } from './services/create-services.ts';
import { ARRIVING_MEMORY_BYTES } from './services/verification/arriving/arriving-memory.ts';
import { createIdentityProbe } from './services/signing-identities/identity-probe.ts';
import { createSmtpMailer, defaultEmailFrom } from './services/email/mailer.ts';
import { publicLimitRules } from './services/rate-limits/public-limits.ts';
import { createIdleMemoryReclaim } from './http/idle-memory-reclaim.ts';
import { publicLinks } from './http/asset-links.ts';

const config = loadConfig();
const logger = createLogger({ level: config.LOG_LEVEL });

// With DATABASE_URL (a database several copies may share) KEY_ENCRYPTION_KEY must be configured.
const keyEncryptionKey = await loadKeyEncryptionKey({ configured: config.KEY_ENCRYPTION_KEY, dataDir: config.DATA_DIR, requireConfigured: Boolean(config.DATABASE_URL) });
const database = await createDb(
  config.DATABASE_URL ? { kind: 'postgres', url: config.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
);
logger.info('database ready', { kind: database.kind });
// A key-encryption key that does not open the stored signing keys stops the start here, never re-keys.
const keyVault = await openKeyVault(database.db, keyEncryptionKey.key);

// What all copies share comes from the database (sealed by the vault): the session secret and the
// signing PKI, which is written to DATA_DIR/pki for the engine before it starts.
const authSecret = await loadAuthSecret({ configured: config.AUTH_SECRET, dataDir: config.DATA_DIR, db: database.db, vault: keyVault });
const pkiSync = await syncGatewayPki({ db: database.db, vault: keyVault, pkiDir: path.join(config.DATA_DIR, 'pki') });
if (pkiSync.setAside) logger.warn('this copy had another signing PKI than the shared one: it was set aside', { setAside: pkiSync.setAside });
// The engine starts with the bundled lists and its own root; the trust-lists service gives it the
// configured lists before the server answers.
const engine = await createEngine({
  pkiDir: path.join(config.DATA_DIR, 'pki'),
  trustAnchorFiles: [],
  workers: config.ENGINE_WORKERS ?? availableParallelism(),
  maxQueue: config.ENGINE_MAX_QUEUE,
  maxWorkerMemoryBytes: config.ENGINE_WORKER_MEMORY_MB * 1024 * 1024,
  // Time-stamp queries go through the safe fetcher too: FETCH_ALLOW_HOSTS decides what may be reached.
  // An authority silent for 10 s is taken as down: the signing goes on without it (added later).
  ...(config.TSA_URL && {
    timestampAuthority: { url: config.TSA_URL, post: createSafeFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, maxBytes: 1024 * 1024, timeoutMs: 10_000 }) },
  }),
});
logger.info(config.TSA_URL ? 'signatures are timestamped' : 'signatures are not timestamped (TSA_URL=off)', { timestampAuthority: config.TSA_URL });
// Files under DATA_DIR/assets, or the S3 bucket of ASSET_STORE (checked here: a wrong bucket or key stops the start).
const openedAssetStore = await openAssetStore(config.ASSET_STORE, { dataDir: config.DATA_DIR });
const assetStore = openedAssetStore.store;
logger.info('asset store ready', { kind: config.ASSET_STORE.kind, location: openedAssetStore.description });
// Every copy runs the queue's workers; pg-boss hands each task to one of them.
const queue = createTaskQueue({ sql: database.sql, logger });
// Without SMTP_URL every email waits in the email_outbox table (and each is logged): said once here.
if (!config.SMTP_URL) logger.warn('SMTP_URL is not set: emails are kept in the email_outbox table and logged, not sent');
const services = createServices({
    links: publicLinks(config.PUBLIC_URL),
  db: database.db,
  queue,
  email: { mailer: config.SMTP_URL ? createSmtpMailer(config.SMTP_URL) : null, from: config.EMAIL_FROM ?? defaultEmailFrom(config.PUBLIC_URL), supportEmail: config.SUPPORT_EMAIL, weeklyReportCron: config.WEEKLY_REPORT_CRON },
  logger,
  authSecret,
  publicUrl: config.PUBLIC_URL,
  demoPassword: config.DEMO_PASSWORD,
  demoEmailDomain: config.DEMO_EMAIL_DOMAIN,
  publicLimits: publicLimitRules({
    concurrentPerClient: config.PUBLIC_CONCURRENCY_PER_CLIENT,
    verifyPerMinute: config.VERIFY_REQUESTS_PER_MINUTE,
    trackPerMinute: config.TRACK_EVENTS_PER_MINUTE,
    supportPerHour: config.SUPPORT_REQUESTS_PER_HOUR,
  }),
  engine,
  sizes: { maxAssetBytes: config.MAX_ASSET_BYTES, maxVideoBytes: config.MAX_VIDEO_BYTES },
  // Uploads verified as they arrive are gathered in shared memory within the one memory budget's bound.
  arrivingMemoryBytes: Math.min(ARRIVING_MEMORY_BYTES, config.MAX_INFLIGHT_BYTES),
  verifyCacheEntries: config.VERIFY_CACHE_ENTRIES,
  keyVault,
  store: assetStore,
  fetcher: createSafeFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, maxBytes: config.MAX_ASSET_BYTES, timeoutMs: 30_000 }),
  // Asset URLs to verify or sign stream into the upload spool folder (emptied below at start): a video
  // up to MAX_VIDEO_BYTES, verified or signed from disk. ASSET_FETCH_TIMEOUT_SECONDS in all (a body
  // trickling a byte a second is cut then, not held), and a server that sends nothing for 30 s is cut.
  assetDownloads: {
    fetcher: createSafeStreamFetcher({
      allowHosts: config.FETCH_ALLOW_HOSTS,
      maxBytes: Math.max(config.MAX_VIDEO_BYTES, config.MAX_ASSET_BYTES),
      timeoutMs: config.ASSET_FETCH_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: 30_000,
    }),
    spoolDir: path.join(config.DATA_DIR, 'tmp', 'uploads'),
  },
  fetchAllowHosts: config.FETCH_ALLOW_HOSTS,
  // A webhook receiver answers small and soon; a slow or large answer is a failed attempt, not held in memory.
  webhookFetcher: createSafeFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, maxBytes: 64 * 1024, timeoutMs: 15_000 }),
  jobs: { concurrency: config.JOB_CONCURRENCY, itemTimeoutSeconds: config.JOB_ITEM_TIMEOUT_SECONDS, maxQueuedItems: config.JOB_MAX_QUEUED_ITEMS },
  orphanGraceSeconds: config.ORPHAN_GRACE_SECONDS,
  // OCSP answers are small, and a verification never waits long for one.
  // Federated soft-binding resolvers answer small JSON, and a lookup never waits long for them.
  sbrFederation: config.SBR_FEDERATION.length > 0 ? { baseUrls: config.SBR_FEDERATION, fetcher: createSafeFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, maxBytes: 256 * 1024, timeoutMs: 3_000 }) } : undefined,
  ocspFetcher: config.OCSP === 'on' ? createSafeFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, maxBytes: 64 * 1024, timeoutMs: 3_000 }) : undefined,
  claimSigning: {
    setting: config.CLAIM_SIGNER,
    secret: config.CLAIM_SIGNER_SECRET,
    product: config.PRODUCT_NAME,
    operator: config.OPERATOR_NAME,
    country: config.OPERATOR_COUNTRY,
    conformingProduct: config.C2PA_CPL_RECORD ? { recordId: config.C2PA_CPL_RECORD, assuranceLevel: config.C2PA_ASSURANCE_LEVEL === '2' ? 2 : 1 } : undefined,
    // Relative paths mean the directory the user ran npm from, as DATA_DIR's do.
    baseDir: process.env.INIT_CWD ?? process.cwd(),
  },
  trust: {
    savedDir: trustListKeeping.savedDir(config.DATA_DIR),
    lists: config.TRUST_LISTS,
    anchorFiles: config.TRUST_ANCHORS,
    tsaAnchorFiles: config.TSA_TRUST_ANCHORS,
    // A short limit: URL lists are fetched at start, before the server answers.
    fetcher: createSafeFetcher({ allowHosts: config.FETCH_ALLOW_HOSTS, maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000 }),
  },
});
await queue.start();
logger.info('task queue ready');
// A revocation made on another copy reaches this copy's cached verdicts within seconds.
services.revocationWatch.start();
// TRUST_LISTS and TRUST_ANCHORS files that cannot be read stop the start; unreachable URLs do not.
await services.trustLists.load();
logger.info(pkiSync.source === 'created' ? 'created the signing PKI' : 'signing PKI ready', {
  pki: pkiSync.source,
  rootCertificate: engine.rootCertificatePath,
  trustLists: services.trustLists.inForce().lists.map((list) => list.name).join(', '),
  trustAnchors: engine.trust.anchors.length,
  hint: 'add the root certificate to your trust anchors to see our signatures as verified elsewhere',
});
// Who signs the claims: CLAIM_SIGNER checked (files read, the key or service proven, a test signing
// through the engine), or the development product certificate issued or renewed. A bad one stops the start.
await services.claimSigner.open();
await services.claimSigner.probe(createIdentityProbe(engine, logger));
const claimSigner = await services.claimSigner.describe();
logger[claimSigner.onC2paTrustList ? 'info' : 'warn']('claim signer in force', {
  source: claimSigner.source,
  subject: claimSigner.subject,
  issuer: claimSigner.issuer,
  notAfter: claimSigner.notAfter,
  ...(claimSigner.renewsAt && { renewsAt: claimSigner.renewsAt }),
  validators: claimSigner.statement,
  ...(config.CLAIM_SIGNER.kind === 'development' &&
    (!config.OPERATOR_NAME || !config.OPERATOR_COUNTRY) && { hint: 'set OPERATOR_NAME and OPERATOR_COUNTRY to name the operator (O) and its country (C, else ZZ: unknown) in the product certificate' }),
});
// Deleting an account (or a demo account expiring) removes its files too, not only its rows.
services.accountDeletion.onDeleting(removeAccountFiles(database.db, assetStore));
// One budget for the upload bytes all requests hold in memory; large bodies wait on disk instead,
// in a folder emptied at start of what a crash left behind.
const uploadSpool = createUploadSpool(path.join(config.DATA_DIR, 'tmp', 'uploads'));
await uploadSpool.clearStale();
// Once a burst of large uploads is over, their freed buffers are collected rather than kept resident.
const memoryReclaim = createIdleMemoryReclaim();
const uploads = createUploadReader({ budget: createInflightBytes(config.MAX_INFLIGHT_BYTES, (held, peak) => memoryReclaim.observe(held, peak)), spool: uploadSpool });
const app = createApp({
  config: {
    publicUrl: config.PUBLIC_URL,
    linksFollowRequest: config.LINKS_FOLLOW_REQUEST,
    maxJsonBytes: config.MAX_JSON_BYTES,
    corsOrigins: config.CORS_ORIGINS,
    trustProxy: config.TRUST_PROXY,
    development: config.NODE_ENV === 'development',
    demoPassword: config.DEMO_PASSWORD,
    demoEmailDomain: config.DEMO_EMAIL_DOMAIN,
    webDistDir: config.WEB_DIST_DIR,
    bodyIdleTimeoutMs: config.BODY_IDLE_TIMEOUT_SECONDS * 1000,
  },
  logger,
  services,
  uploads,
});

// Removes asset folders a crash left without a row: at start, then every 15 minutes.
const orphanSweep = startOrphanSweepSchedule({
  sweep: services.orphanSweep,
  logger,
  intervalMs: 15 * 60 * 1000,
});

// The official and URL trust lists, fetched again every TRUST_LIST_REFRESH_HOURS (0: never).
const trustListRefresh =
  config.TRUST_LIST_REFRESH_HOURS > 0 ? startTrustListRefreshSchedule({ trustLists: services.trustLists, logger, intervalMs: config.TRUST_LIST_REFRESH_HOURS * 60 * 60 * 1000 }) : null;

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  logger.info('listening', { url: `http://localhost:${info.port}`, dataDir: config.DATA_DIR });
});
// Connections are counted per address as they are accepted (not behind a proxy, where they all come
// from the proxy): past 128 open, or past a quarter of its share while the address is over its share,
// a connection is held for the Retry-After and refused with a 429, never parsed.
if (server instanceof HttpServer && !config.TRUST_PROXY) guardConnections(server, gatewayConnectionGate(services.publicLimits, config.PUBLIC_CONCURRENCY_PER_CLIENT));
// Idle keep-alive connections outlive the client's and a proxy's (60 s is common): with node's 5 s
// default, a client reusing a connection just as the server closed it gets ECONNRESET (seen in CI).
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

let shuttingDown = false;
// How long a shutdown may take before the process exits anyway: in-flight requests, the queue's
// running items (5 s), the engine and the last event writes. 10 s proved too short on a loaded
// machine; 25 s stays inside the usual 30 s a container platform waits after SIGTERM.
const SHUTDOWN_GRACE_MS = 25_000;
// Once shutting down, a request still arriving on a keep-alive connection is answered with
// Connection: close: clients that keep sending would otherwise hold close() open until the forced
// exit (SHUTDOWN_GRACE_MS), which loses the verification events written behind the last answers.
if (server instanceof HttpServer) {
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (shuttingDown) response.shouldKeepAlive = false;
  });
}
function shutdown(signal: string): void {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info('shutting down', { signal });
  // close() stops accepting connections and waits for in-flight requests; idle keep-alive
  // connections are closed so it does not wait on them.
  server.close(async (error) => {
    if (error) logger.error('server close failed', { error: error.message });
    // The events of every answered verification are written first, while the database is surely open
    // and before anything that may take the rest of the grace period.
    await services.flush();
    logger.debug('shutdown: events written');
    await trustListRefresh?.stop();
    await orphanSweep.stop();
    // Batch-job items still running need the engine: the queue stops (waiting for them) before it closes.
    await queue.stop(5_000);
    logger.debug('shutdown: queue stopped');
    await engine.close();
    openedAssetStore.close();
    logger.debug('shutdown: engine closed');
    // And the batch-job items' own verification events.
    await services.flush();
    await services.publicLimits.close();
    await services.revocationWatch.close();
    logger.debug('shutdown: limits and revocation watch closed');
    await database.close();
    logger.info('stopped');
    process.exit(error ? 1 : 0);
  });
  // close() ends the connections idle when it is called, not those that become idle later: a request
  // under way at the signal was answered with keep-alive, and its connection, idle in the client's
  // pool, would hold close() open until keepAliveTimeout (65 s), past the grace. Such connections
  // are closed as they become idle, until close() is done.
  if ('closeIdleConnections' in server) {
    server.closeIdleConnections();
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100).unref();
    server.once('close', () => clearInterval(closeIdle));
  }
  setTimeout(() => {
    logger.error(`forced exit after ${SHUTDOWN_GRACE_MS / 1000} s`);
    process.exit(1);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
