// Builds every service of the server from its dependencies: the one composition root besides
// main.ts, which makes the dependencies with side effects (database, engine, asset store, safe
// fetcher). Routes receive the result and never construct services themselves.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createAccountEvents } from './account-events/account-events.ts';
import { createAccountDeletion } from './accounts/account-deletion.ts';
import { createAccountProfile } from './accounts/account-profile.ts';
import { createCredentials } from './accounts/credentials.ts';
import { scheduleDemoCleanup } from './accounts/demo-cleanup.ts';
import { createDemoAccounts } from './accounts/demo-accounts.ts';
import { createSignUpConfirmations } from './accounts/sign-up-confirmations.ts';
import { createAnalytics } from './analytics/analytics.ts';
import { createApiKeys } from './api-keys/api-keys.ts';
import { createOrphanSweep } from './assets/orphan-sweep.ts';
import { createSignedAssetFiles } from './assets/signed-asset-files.ts';
import { createSignedAssets } from './assets/signed-assets.ts';
import { createAccountResolver } from './auth/account-resolver.ts';
import { createAuth } from './auth/create-auth.ts';
import { createProductSessions } from './auth/product-sessions.ts';
import { createNotificationPreferences } from './notifications/notification-preferences.ts';
import { createAttemptLimits, DEFAULT_ATTEMPT_LIMITS } from './rate-limits/attempt-limits.ts';
import { createFailureStreaks } from './rate-limits/failure-streaks.ts';
import { createPublicLimits } from './rate-limits/public-limits.ts';
import { createRateLimiter } from './rate-limits/rate-limiter.ts';
import { createSharedWindowCounter } from './rate-limits/shared-window-counter.ts';
import { createContentSigner } from './signing/sign-content.ts';
import { createAssetTransformer } from './signing/transform-asset.ts';
import { createSupportRequests } from './support/support-requests.ts';
import { createEmailNotifications } from './email/email-notifications.ts';
import { createEmailOutbox } from './email/email-outbox.ts';
import { defaultEmailFrom } from './email/mailer.ts';
import { createSignUpNotices } from './email/sign-up-notices.ts';
import { createTrustLists } from './trust/trust-lists.ts';
import { createGatewayCertificateStatus } from './revocation/gateway-certificate-status.ts';
import { createKeyVault } from './signing-identities/key-vault.ts';
import { createIdentityProbe } from './signing-identities/identity-probe.ts';
import { createSigningIdentities } from './signing-identities/signing-identities.ts';
import { createOrganizationConfirmations } from './signing-identities/organization-confirmations.ts';
import { createOcspStapler } from './signing/ocsp-staple.ts';
import { createGatewayCertificateAuthority } from './pki/gateway-certificate-authority.ts';
import { createIdentityRevocation } from './signing-identities/identity-revocation.ts';
import { createInstallationClaimSigner, productProfileOf } from './claim-signer/installation-claim-signer.ts';
import { createProductSignerStore } from './pki/product-signer-store.ts';
import { createOcspAnswerCache } from './revocation/ocsp-answer-cache.ts';
import { createRevocationWatch } from './revocation/revocation-watch.ts';
import { createNamedActorRevocation } from './revocation/named-actor-revocation.ts';
import { createSignerRevocation } from './revocation/signer-revocation.ts';
import { createVerificationCache } from './verification/verification-cache.ts';
import { createVerificationEvents } from './verification/verification-events.ts';
import { createContentVerifier } from './verification/verify-content.ts';
import { createArrivingMemory } from './verification/arriving/arriving-memory.ts';
import { createArrivingVerification } from './verification/arriving/arriving-verification.ts';
import { createAssetDownloads } from './fetching/asset-download.ts';
import { createSizePolicy } from './assets/size-policy.ts';
import { createManifestIndex } from './manifest-repository/manifest-index.ts';
import { createManifestRepository } from './manifest-repository/manifest-repository.ts';
import { createStrippedCopies } from './manifest-repository/stripped-copies.ts';
import { createSignedContentList } from './verification/signed-content-list.ts';
import { createSoftBindingResolver } from './manifest-repository/soft-binding-resolver.ts';
import { createWebhooks, DEFAULT_WEBHOOK_TEST_LIMIT } from './webhooks/webhooks.ts';
import { createBatchJobs } from './jobs/batch-jobs.ts';
import { createIdempotencyKeys } from './idempotency/idempotency-keys.ts';
import { createTrustSnapshots } from './trust/trust-snapshots.ts';
import { createEvidenceArchives } from './verification/evidence-archive.ts';
import { createTrustSnapshotFiles } from './verification/trust-snapshot-files.ts';
import { createAssetTimestamps } from './timestamps/asset-timestamps.ts';
import { createTimestampRecords } from './timestamps/timestamp-records.ts';
import type { ServiceDeps, Services } from './services.ts';

export type { ServiceDeps, Services } from './services.ts';

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
