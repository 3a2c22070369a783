// Builds every service of the server from its dependencies: the one composition root besides
// main.ts, which makes the dependencies with side effects (database, engine, asset store, safe
// fetcher). Routes receive the result and never construct services themselves.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/create-db.ts';
import type { SafeFetch } from '@provenance/safe-fetch';
import type { Logger } from '../logging/logger.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import { createAccountEvents, type AccountEvents } from './account-events/account-events.ts';
import { createAccountDeletion, type AccountDeletion } from './accounts/account-deletion.ts';
import { createAccountProfile, type AccountProfile } from './accounts/account-profile.ts';
import { createCredentials, type Credentials } from './accounts/credentials.ts';
import { scheduleDemoCleanup } from './accounts/demo-cleanup.ts';
import { createDemoAccounts, type DemoAccounts } from './accounts/demo-accounts.ts';
import { createSignUpConfirmations, type SignUpConfirmations } from './accounts/sign-up-confirmations.ts';
import { createAnalytics, type Analytics } from './analytics/analytics.ts';
import { createApiKeys, type ApiKeys } from './api-keys/api-keys.ts';
import type { AssetStore } from './assets/asset-store.ts';
import { createOrphanSweep, type OrphanSweep } from './assets/orphan-sweep.ts';
import { createSignedAssetFiles, type SignedAssetFiles } from './assets/signed-asset-files.ts';
import { createSignedAssets, type SignedAssets } from './assets/signed-assets.ts';
import { createAccountResolver, type AccountResolver } from './auth/account-resolver.ts';
import { createAuth, type Auth } from './auth/create-auth.ts';
import { createProductSessions, type ProductSessions } from './auth/product-sessions.ts';
import type { Engine } from './engine/engine.ts';
import { createNotificationPreferences, type NotificationPreferences } from './notifications/notification-preferences.ts';
import { createAttemptLimits, DEFAULT_ATTEMPT_LIMITS, type AttemptLimitRules, type AttemptLimits } from './rate-limits/attempt-limits.ts';
import { createFailureStreaks } from './rate-limits/failure-streaks.ts';
import { createPublicLimits, type PublicLimitRules, type PublicLimits } from './rate-limits/public-limits.ts';
import { createRateLimiter, type RateLimiter } from './rate-limits/rate-limiter.ts';
import { createSharedWindowCounter } from './rate-limits/shared-window-counter.ts';
import { createContentSigner, type ContentSigner } from './signing/sign-content.ts';
import { createAssetTransformer, type AssetTransformer } from './signing/transform-asset.ts';
import { createSupportRequests, type SupportRequests } from './support/support-requests.ts';
import { createEmailNotifications, type EmailNotifications, type EmailSettings } from './email/email-notifications.ts';
import { createEmailOutbox, type EmailOutbox } from './email/email-outbox.ts';
import { defaultEmailFrom } from './email/mailer.ts';
import { createSignUpNotices } from './email/sign-up-notices.ts';
import { createTrustLists, type TrustListSettings, type TrustLists } from './trust/trust-lists.ts';
import { createGatewayCertificateStatus } from './revocation/gateway-certificate-status.ts';
import { createKeyVault, type KeyVault } from './signing-identities/key-vault.ts';
import { createIdentityProbe } from './signing-identities/identity-probe.ts';
import { createSigningIdentities, type SigningIdentities } from './signing-identities/signing-identities.ts';
import { createOrganizationConfirmations, type OrganizationConfirmations } from './signing-identities/organization-confirmations.ts';
import { createOcspStapler } from './signing/ocsp-staple.ts';
import { createGatewayCertificateAuthority, type GatewayCertificateAuthority } from './pki/gateway-certificate-authority.ts';
import { createIdentityRevocation, type IdentityRevocation } from './signing-identities/identity-revocation.ts';
import { createInstallationClaimSigner, productProfileOf, type ClaimSigning, type InstallationClaimSigner } from './claim-signer/installation-claim-signer.ts';
import { createProductSignerStore } from './pki/product-signer-store.ts';
import { createOcspAnswerCache } from './revocation/ocsp-answer-cache.ts';
import { createRevocationWatch, type RevocationWatch } from './revocation/revocation-watch.ts';
import { createNamedActorRevocation } from './revocation/named-actor-revocation.ts';
import { createSignerRevocation } from './revocation/signer-revocation.ts';
import { createVerificationCache } from './verification/verification-cache.ts';
import { createVerificationEvents } from './verification/verification-events.ts';
import { createContentVerifier, type ContentVerifier } from './verification/verify-content.ts';
import { createArrivingMemory } from './verification/arriving/arriving-memory.ts';
import { createArrivingVerification } from './verification/arriving/arriving-verification.ts';
import { createAssetDownloads, type AssetDownloadSettings } from './fetching/asset-download.ts';
import type { PublicLinks } from './public-links.ts';
import { createSizePolicy, type SizeLimits, type SizePolicy } from './assets/size-policy.ts';
import { createManifestIndex } from './manifest-repository/manifest-index.ts';
import { createManifestRepository, type ManifestRepository } from './manifest-repository/manifest-repository.ts';
import { createStrippedCopies } from './manifest-repository/stripped-copies.ts';
import { createSignedContentList, type SignedContentList } from './verification/signed-content-list.ts';
import { createSoftBindingResolver, type SbrFederation, type SoftBindingResolver } from './manifest-repository/soft-binding-resolver.ts';
import { createWebhooks, DEFAULT_WEBHOOK_TEST_LIMIT, type WebhookDeliveryPolicy, type Webhooks } from './webhooks/webhooks.ts';
import { createBatchJobs, type BatchJobs } from './jobs/batch-jobs.ts';
import type { JobProcessingSettings } from './jobs/job-item-worker.ts';
import { createIdempotencyKeys, type IdempotencyKeys } from './idempotency/idempotency-keys.ts';
import { createTrustSnapshots } from './trust/trust-snapshots.ts';
import { createEvidenceArchives, type EvidenceArchives } from './verification/evidence-archive.ts';
import { createTrustSnapshotFiles, type TrustSnapshotFiles } from './verification/trust-snapshot-files.ts';
import { createAssetTimestamps, type AssetTimestamps, type TimestampRetryPolicy } from './timestamps/asset-timestamps.ts';
import { createTimestampRecords } from './timestamps/timestamp-records.ts';

export interface ServiceDeps {
  db: Db;
  logger: Logger;
  /** Signs session tokens; the same on every server copy. */
  authSecret: string;
  publicUrl: string;
  /** The API's links services write (http/asset-links.ts: publicLinks(publicUrl)). */
  links: PublicLinks;
  demoPassword: string;
  demoEmailDomain: string;
  attemptLimits?: AttemptLimitRules;
  /** Fair share of the public endpoints per client; DEFAULT_PUBLIC_LIMITS when absent. */
  publicLimits?: PublicLimitRules | undefined;
  clock?: () => Date;
  /** The engine (its signer and trust store), loaded once. */
  engine: Engine;
  /** MAX_ASSET_BYTES and MAX_VIDEO_BYTES: the one size policy of the files verified and signed. */
  sizes: SizeLimits;
  /** The most shared memory uploads verified as they arrive are gathered in (main.ts: ARRIVING_MEMORY_BYTES, within MAX_INFLIGHT_BYTES); ARRIVING_MEMORY_BYTES when absent. */
  arrivingMemoryBytes?: number | undefined;
  /** Seals the accounts' signing keys (KEY_ENCRYPTION_KEY, checked at start); absent (tests), a key made for this process. */
  keyVault?: KeyVault;
  /** Where signed files, their manifest stores and thumbnails are kept. */
  store: AssetStore;
  /** The one safe fetcher every outbound request of the server goes through. */
  fetcher: SafeFetch;
  /** Asset URLs to verify or sign are streamed to a spool file through these (a video up to MAX_VIDEO_BYTES); absent, fetched into memory by `fetcher`. */
  assetDownloads?: AssetDownloadSettings | undefined;
  /** Where the trust lists come from (TRUST_LISTS, TRUST_ANCHORS, DATA_DIR); without it, the official lists and the gateway root, never fetched. */
  trust?: TrustListSettings;
  /** Verification results kept by asset hash; 0 turns the cache off (benchmarks of cold verification). */
  verifyCacheEntries?: number;
  /**
   * OCSP on: the safe fetcher (with its short time limit) signers' OCSP responders are asked
   * through. Absent (OCSP=off), revocation is not checked.
   */
  ocspFetcher?: SafeFetch | undefined;
  /** SBR_FEDERATION: other soft-binding resolvers, asked through this fetcher when ours has no match. */
  sbrFederation?: SbrFederation | undefined;
  /** The work queue (pg-boss on this database): batch jobs, webhook deliveries, emails. */
  queue: TaskQueue;
  /** Email (SMTP_URL, EMAIL_FROM, SUPPORT_EMAIL): Verification Alerts, Weekly Reports, support requests. Absent (most tests), nothing is emailed. */
  email?: EmailSettings | undefined;
  /** FETCH_ALLOW_HOSTS as configured: webhook URLs the fetcher would refuse are refused at registration. */
  fetchAllowHosts?: readonly string[] | undefined;
  /** Retries and polling of webhook deliveries; DEFAULT_WEBHOOK_DELIVERY_POLICY when absent (tests shorten it). */
  webhookDelivery?: WebhookDeliveryPolicy | undefined;
  /** The safe fetcher deliveries are POSTed through (short time and size limits); `fetcher` when absent. */
  webhookFetcher?: SafeFetch | undefined;
  /** Batch job items: concurrency (JOB_CONCURRENCY), time limit, attempts and retry delay; DEFAULT_JOB_PROCESSING for what is absent. */
  jobs?: Partial<JobProcessingSettings> | undefined;
  /** ORPHAN_GRACE_SECONDS: how old an asset folder without a row must be before the orphan sweep removes it; an hour when absent. */
  orphanGraceSeconds?: number | undefined;
  /** Who signs the claims (CLAIM_SIGNER, OPERATOR_NAME, C2PA_CPL_RECORD…); absent (tests), the development product certificate. */
  claimSigning?: ClaimSigning | undefined;
  /** Timestamps added after signing: their retries (DEFAULT_TIMESTAMP_RETRY when absent) and the clock the week is counted by (`clock` when absent). */
  timestamps?: { retry?: TimestampRetryPolicy | undefined; clock?: (() => Date) | undefined } | undefined;
}

export interface Services {
  auth: Auth;
  sessions: ProductSessions;
  credentials: Credentials;
  profile: AccountProfile;
  /** Register hooks here for data kept outside the database (asset files) that must go with an account. */
  accountDeletion: AccountDeletion;
  demoAccounts: DemoAccounts;
  /** Sign-up: a confirmation link to a new address, a notice to one with an account; the link makes the account. */
  signUpConfirmations: SignUpConfirmations;
  /**
   * The outbox account mail goes through (sign-up confirmations and notices): the email settings'
   * one, or, for a server given none (tests), one that keeps every email in the table, as without SMTP_URL.
   */
  accountMail: EmailOutbox;
  apiKeys: ApiKeys;
  accountResolver: AccountResolver;
  notificationPreferences: NotificationPreferences;
  supportRequests: SupportRequests;
  rateLimiter: RateLimiter;
  attemptLimits: AttemptLimits;
  /** Per-client concurrency and rate limits of verify, track, support and the status image. */
  publicLimits: PublicLimits;
  engine: Engine;
  store: AssetStore;
  signedAssets: SignedAssets;
  /** Signed files, manifest stores and thumbnails as the API serves them. */
  signedAssetFiles: SignedAssetFiles;
  /** Removes asset folders a crash left without a row (main.ts runs it at start and on a schedule). */
  orphanSweep: OrphanSweep;
  /** An account's signed content a page at a time: each file's own verdict now, and its copies seen elsewhere. */
  signedContent: SignedContentList;
  signer: ContentSigner;
  /** Provenance-preserving transforms of signed images, signed through `signer`. */
  transformer: AssetTransformer;
  verifier: ContentVerifier;
  /** A held manifest's evidence as one ZIP archive (GET /manifests/{manifestId}/evidence). */
  evidenceArchives: EvidenceArchives;
  /** The trust snapshots answers were made under, whole (GET /trust/snapshots/{id}). */
  trustSnapshotFiles: TrustSnapshotFiles;
  /** How large a file to verify or sign may be, and which are verified and signed from disk. */
  sizePolicy: SizePolicy;
  /** The manifest repository: soft bindings at signing, recovery of stripped copies, the SBR API. */
  repository: ManifestRepository;
  /** The Soft Binding Resolution API's matches, ours then federated. */
  softBindingResolver: SoftBindingResolver;
  /** The trust lists in force: loaded at start, refreshed on a schedule. */
  trustLists: TrustLists;
  analytics: Analytics;
  /** The accounts' organisation names and signing identities (managed or brought). */
  signingIdentities: SigningIdentities;
  /** The installation's claim signer (main.ts opens it at start): who signs every claim the gateway makes. */
  claimSigner: InstallationClaimSigner;
  /** Verifying an account's organisation name by a confirmation mail to an address at its domain. */
  organizationConfirmations: OrganizationConfirmations;
  /** The gateway CA's OCSP responder and CRL, over its certificate records. */
  certificateAuthority: GatewayCertificateAuthority;
  /** Revocation of an account's managed certificate (key compromise). */
  identityRevocation: IdentityRevocation;
  /** Forgets this copy's cached verdicts when another copy revokes a certificate (main.ts starts it). */
  revocationWatch: RevocationWatch;
  /** The work queue services put durable background work on. */
  queue: TaskQueue;
  /** An account's events (asset.signed, verification.failed, job.completed, identity.reissued): webhooks and emails listen. */
  accountEvents: AccountEvents;
  /** The email outbox, Verification Alerts, Weekly Reports and support emails; null when the server was given no email settings. */
  email: EmailNotifications | null;
  /** The accounts' webhook endpoints and their deliveries. */
  webhooks: Webhooks;
  /** Batch jobs of verifications or signings, run on the work queue. */
  batchJobs: BatchJobs;
  /** Idempotency-Key answers of POST /sign-content and POST /jobs. */
  idempotencyKeys: IdempotencyKeys;
  /** Timestamps the authority did not give at signing, added later (queued) or on demand. */
  timestamps: AssetTimestamps;
  /** Writes what is still queued (verification events); call before closing the database. */
  flush(): Promise<void>;
}

export function createServices(deps: ServiceDeps): Services {
  const auth = createAuth({ db: deps.db, secret: deps.authSecret, publicUrl: deps.publicUrl, logger: deps.logger });
  const accountDeletion = createAccountDeletion(deps.db);
  const profile = createAccountProfile(deps.db, accountDeletion);
  const apiKeys = createApiKeys(deps.db);
  const sessions = createProductSessions({ db: deps.db, auth, secret: deps.authSecret, toUser: profile.getUser });
  const credentials = createCredentials({ db: deps.db, auth, sessions, apiKeys });
  const rateLimiter = createRateLimiter(deps.db, deps.clock);
  const verificationEvents = createVerificationEvents(deps.db, {
    ...(deps.clock && { clock: deps.clock }),
    onWriteError: (error, lost) => deps.logger.error('verification events could not be written', { lost, error: error instanceof Error ? error.message : String(error) }),
  });
  const signedAssets = createSignedAssets(deps.db, verificationEvents);
  const { engine, store, fetcher } = deps;
  const repository = createManifestRepository({ index: createManifestIndex(deps.db) });
  const keyVault = deps.keyVault ?? createKeyVault(randomBytes(32));
  const accountEvents = createAccountEvents(deps.logger);
  const signingIdentities = createSigningIdentities({
    db: deps.db,
    vault: keyVault,
    rootCertificatePath: engine.rootCertificatePath,
    ocspUrl: deps.links.ocspUrl,
    // Remote identities' signing services are reached like any outbound request: FETCH_ALLOW_HOSTS decides.
    post: fetcher,
    probe: createIdentityProbe(engine, deps.logger),
    trust: () => engine.trust,
    events: accountEvents,
    ...(deps.clock && { clock: deps.clock }),
  });
  const claimSigning = deps.claimSigning ?? { setting: { kind: 'development' as const } };
  const claimSigner = createInstallationClaimSigner({
    ...claimSigning,
    productSigner: createProductSignerStore({ db: deps.db, vault: keyVault, pkiDir: path.dirname(engine.rootCertificatePath), profile: productProfileOf(claimSigning, deps.publicUrl), ...(deps.clock && { clock: deps.clock }) }),
    vault: keyVault,
    // A remote claim signer's service is reached like any outbound request: FETCH_ALLOW_HOSTS decides.
    post: fetcher,
    trust: () => engine.trust,
    ...(deps.clock && { clock: deps.clock }),
  });
  const sizePolicy = createSizePolicy(deps.sizes);
  const downloadSizes = deps.assetDownloads?.limits ? createSizePolicy(deps.assetDownloads.limits) : sizePolicy;
  const downloads = deps.assetDownloads && createAssetDownloads(deps.assetDownloads, downloadSizes);
  const certificates = createGatewayCertificateStatus(deps.db);
  // The named actors' credentials are answered from the gateway's records: no network, so on even with OCSP=off.
  const namedActors = createNamedActorRevocation({ gatewayIssuer: engine.issuingCertificate, certificates, ...(deps.clock && { now: deps.clock }) });
  const certificateAuthority = createGatewayCertificateAuthority({ db: deps.db, pkiDir: path.dirname(engine.rootCertificatePath), certificates, ...(deps.clock && { clock: deps.clock }) });
  const staple = createOcspStapler({ gatewayIssuer: engine.issuingCertificate, answerOcsp: (request) => certificateAuthority.answerOcsp(request), ocspFetcher: deps.ocspFetcher, logger: deps.logger, ...(deps.clock && { clock: deps.clock }) });
  const timestamps = createAssetTimestamps({
    engine,
    store,
    signedAssets,
    records: createTimestampRecords(deps.db),
    queue: deps.queue,
    logger: deps.logger,
    // The update manifest is signed by whoever signs the account's claims.
    signerFor: async (userId) => claimSigner.claimSignerFor(await signingIdentities.signerFor(userId)),
    retry: deps.timestamps?.retry,
    spool: deps.assetDownloads && { dir: deps.assetDownloads.spoolDir, inMemoryBytes: downloadSizes.maxAssetBytes },
    clock: deps.timestamps?.clock ?? deps.clock,
    events: accountEvents,
    links: deps.links,
  });
  const signer = createContentSigner({ engine, namedActors, fetcher, downloads, store, signedAssets, repository, identities: signingIdentities, claimSigner, events: accountEvents, staple, assetUrlOf: deps.links.signedAssetUrl, timestamps });
  const email = deps.email
    ? createEmailNotifications({
        db: deps.db,
        queue: deps.queue,
        logger: deps.logger,
        publicUrl: deps.publicUrl,
        settings: deps.email,
        accountEvents,
        preferences: createNotificationPreferences(deps.db),
        signedAssets,
        flushVerificationEvents: () => verificationEvents.flush(),
        clock: deps.clock,
      })
    : null;
  const accountMail = email?.outbox ?? createEmailOutbox({ db: deps.db, queue: deps.queue, logger: deps.logger, mailer: null, from: defaultEmailFrom(deps.publicUrl) });
  const signUpConfirmations = createSignUpConfirmations({
    db: deps.db,
    credentials,
    sessions,
    outbox: accountMail,
    notices: email?.signUpNotices ?? createSignUpNotices({ db: deps.db, outbox: accountMail, publicUrl: deps.publicUrl }),
    demoEmailDomain: deps.demoEmailDomain,
    // The web app's page; the token after '#' is never sent to a server in a request line or Referer.
    confirmUrlOf: (token) => new URL(`/confirm-sign-up#token=${encodeURIComponent(token)}`, deps.publicUrl).href,
    clock: deps.clock,
  });
  const trustSnapshots = createTrustSnapshots({ db: deps.db, engine });
  const trustSnapshotFiles = createTrustSnapshotFiles({ trustSnapshots });
  const verificationCache = createVerificationCache({ maxEntries: deps.verifyCacheEntries ?? 5_000, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 });
  // A revocation (here, or seen on the watermark) makes cached verdicts and kept OCSP answers stale.
  const forgetRevoked = (): void => {
    verificationCache.clear();
    certificateAuthority.forgetAnswers();
  };
  const services: Omit<Services, 'batchJobs' | 'idempotencyKeys' | 'signedContent' | 'evidenceArchives' | 'trustSnapshotFiles' | 'timestamps'> = {
    auth,
    sessions,
    credentials,
    signUpConfirmations,
    accountMail,
    profile,
    accountDeletion,
    demoAccounts: createDemoAccounts({
      db: deps.db,
      credentials,
      profile,
      deletion: accountDeletion,
      password: deps.demoPassword,
      emailDomain: deps.demoEmailDomain,
    }),
    apiKeys,
    accountResolver: createAccountResolver({ auth, apiKeys }),
    notificationPreferences: createNotificationPreferences(deps.db),
    supportRequests: createSupportRequests(
      deps.db,
      email
        ? {
            onCreated: (request, receipt, userId) => email.support.requestReceived(request, receipt, userId),
            onHookError: (error, receipt) => deps.logger.error('the emails of a support request could not be queued', { reference: receipt.reference, error: error instanceof Error ? error.message : String(error) }),
          }
        : {},
    ),
    rateLimiter,
    publicLimits: createPublicLimits({ counter: createSharedWindowCounter({ db: deps.db, clock: deps.clock, logger: deps.logger }), rules: deps.publicLimits }),
    engine,
    store,
    signedAssets,
    signedAssetFiles: createSignedAssetFiles({ signedAssets, store }),
    orphanSweep: createOrphanSweep({ store, signedAssets, graceMs: (deps.orphanGraceSeconds ?? 60 * 60) * 1000 }),
    signer,
    repository,
    softBindingResolver: createSoftBindingResolver({
      repository,
      federation: deps.sbrFederation,
      onFederationError: (baseUrl, error) => deps.logger.warn('a federated soft-binding resolver failed', { baseUrl, error: error instanceof Error ? error.message : String(error) }),
    }),
    transformer: createAssetTransformer({ signedAssets, store, engine, signer, identities: signingIdentities }),
    sizePolicy,
    verifier: createContentVerifier({
      engine,
      fetcher,
      downloads,
      store,
      signedAssets,
      events: verificationEvents,
      repository,
      manifestUrlOf: deps.links.sbrManifestUrl,
      thumbnailUrlOf: deps.links.thumbnailUrl,
      cache: verificationCache,
      trustSnapshots,
      accountEvents,
      // A stored video over the upload limit was signed from its spool file: it is verified from a spooled copy too.
      storedCopies: deps.assetDownloads && { spoolDir: deps.assetDownloads.spoolDir, inMemoryBytes: downloadSizes.maxAssetBytes },
      // Only an identity the account brought signs its claims; a managed one names the organisation, and the stored file's signer is asked instead.
      signingChainOf: async (asset) => {
        const identity = asset.signingIdentityId ? (await signingIdentities.list(asset.userId)).find((candidate) => candidate.id === asset.signingIdentityId) : undefined;
        return identity && identity.kind !== 'managed' ? identity.certificateChain : null;
      },
      onAnnounceError: (error) => deps.logger.error('a failed verification could not be announced', { error: error instanceof Error ? error.message : String(error) }),
      arriving: createArrivingVerification({ engine, memory: createArrivingMemory({ maxBytes: deps.arrivingMemoryBytes }) }),
      namedActors,
      revocation:
        deps.ocspFetcher &&
        createSignerRevocation({ fetcher: deps.ocspFetcher, gatewayIssuer: engine.issuingCertificate, certificates, cache: createOcspAnswerCache({ maxEntries: 10_000 }) }),
    }),
    trustLists: createTrustLists({ engine, logger: deps.logger, settings: deps.trust ?? { savedDir: null, lists: [], anchorFiles: [], fetcher }, ...(deps.clock && { clock: deps.clock }) }),
    analytics: createAnalytics({ db: deps.db, signedAssets, verificationEvents, stripped: createStrippedCopies(deps.db), ...(deps.clock && { clock: deps.clock }) }),
    // The engine's root certificate sits in the local PKI folder, beside the intermediate's key.
    certificateAuthority,
    signingIdentities,
    claimSigner,
    organizationConfirmations: createOrganizationConfirmations({
      db: deps.db,
      identities: signingIdentities,
      outbox: email?.outbox ?? null,
      // The Settings page confirms the token (signing in first when needed).
      confirmUrlOf: (token) => new URL(`/settings?confirm-organization=${encodeURIComponent(token)}`, deps.publicUrl).href,
      clock: deps.clock,
    }),
    identityRevocation: createIdentityRevocation({ db: deps.db, certificates, onRevoked: forgetRevoked, ...(deps.clock && { clock: deps.clock }) }),
    revocationWatch: createRevocationWatch({ db: deps.db, onChange: forgetRevoked, logger: deps.logger }),
    queue: deps.queue,
    accountEvents,
    email,
    webhooks: createWebhooks({
      db: deps.db,
      vault: keyVault,
      fetcher: deps.webhookFetcher ?? fetcher,
      allowHosts: deps.fetchAllowHosts ?? [],
      queue: deps.queue,
      accountEvents,
      logger: deps.logger,
      policy: deps.webhookDelivery,
      clock: deps.clock,
      testLimit: { limiter: rateLimiter, rule: DEFAULT_WEBHOOK_TEST_LIMIT },
    }),
    flush: () => verificationEvents.flush(),
    attemptLimits: createAttemptLimits(rateLimiter, createFailureStreaks(deps.db, deps.clock), deps.attemptLimits ?? DEFAULT_ATTEMPT_LIMITS),
  };
  // Job items run the same verification and signing as the API's own endpoints.
  const { queue, logger, clock } = deps;
  const batchJobs = createBatchJobs({ db: deps.db, queue, logger, accountEvents, verifier: services.verifier, signer, signedAssets, identities: signingIdentities, settings: deps.jobs, clock });
  scheduleDemoCleanup({ queue, demoAccounts: services.demoAccounts, rateLimiter, logger, clock });
  const signedContent = createSignedContentList({
    signedAssets,
    events: verificationEvents,
    verifier: services.verifier,
    onVerifyError: (assetId, error) => logger.error('a signed file could not be verified for its list', { assetId, error: error instanceof Error ? error.message : String(error) }),
  });
  const evidenceArchives = createEvidenceArchives({
    signedAssets,
    store,
    verifier: services.verifier,
    snapshots: trustSnapshotFiles,
    signedAssetUrlOf: deps.links.signedAssetUrl,
    inMemoryBytes: downloadSizes.maxAssetBytes,
    clock: deps.clock,
  });
  return { ...services, batchJobs, signedContent, timestamps, evidenceArchives, trustSnapshotFiles, idempotencyKeys: createIdempotencyKeys({ db: deps.db, queue, logger, clock }) };
}
