// The server's services and what they are built from: the types createServices (create-services.ts)
// takes and gives, kept apart so that the composition root reads as wiring only.
import type { Db } from '../db/create-db.ts';
import type { SafeFetch } from '@provenance/safe-fetch';
import type { Logger } from '../logging/logger.ts';
import type { TaskQueue } from '../queue/task-queue.ts';
import type { AccountEvents } from './account-events/account-events.ts';
import type { AccountDeletion } from './accounts/account-deletion.ts';
import type { AccountProfile } from './accounts/account-profile.ts';
import type { Credentials } from './accounts/credentials.ts';
import type { DemoAccounts } from './accounts/demo-accounts.ts';
import type { SignUpConfirmations } from './accounts/sign-up-confirmations.ts';
import type { Analytics } from './analytics/analytics.ts';
import type { ApiKeys } from './api-keys/api-keys.ts';
import type { AssetStore } from './assets/asset-store.ts';
import type { OrphanSweep } from './assets/orphan-sweep.ts';
import type { SignedAssetFiles } from './assets/signed-asset-files.ts';
import type { SignedAssets } from './assets/signed-assets.ts';
import type { AccountResolver } from './auth/account-resolver.ts';
import type { Auth } from './auth/create-auth.ts';
import type { ProductSessions } from './auth/product-sessions.ts';
import type { Engine } from './engine/engine.ts';
import type { NotificationPreferences } from './notifications/notification-preferences.ts';
import type { AttemptLimitRules, AttemptLimits } from './rate-limits/attempt-limits.ts';
import type { PublicLimitRules, PublicLimits } from './rate-limits/public-limits.ts';
import type { RateLimiter } from './rate-limits/rate-limiter.ts';
import type { ContentSigner } from './signing/sign-content.ts';
import type { AssetTransformer } from './signing/transform-asset.ts';
import type { SupportRequests } from './support/support-requests.ts';
import type { EmailNotifications, EmailSettings } from './email/email-notifications.ts';
import type { EmailOutbox } from './email/email-outbox.ts';
import type { TrustListSettings, TrustLists } from './trust/trust-lists.ts';
import type { KeyVault } from './signing-identities/key-vault.ts';
import type { SigningIdentities } from './signing-identities/signing-identities.ts';
import type { OrganizationConfirmations } from './signing-identities/organization-confirmations.ts';
import type { GatewayCertificateAuthority } from './pki/gateway-certificate-authority.ts';
import type { IdentityRevocation } from './signing-identities/identity-revocation.ts';
import type { ClaimSigning, InstallationClaimSigner } from './claim-signer/installation-claim-signer.ts';
import type { RevocationWatch } from './revocation/revocation-watch.ts';
import type { ContentVerifier } from './verification/verify-content.ts';
import type { AssetDownloadSettings } from './fetching/asset-download.ts';
import type { PublicLinks } from './public-links.ts';
import type { SizeLimits, SizePolicy } from './assets/size-policy.ts';
import type { ManifestRepository } from './manifest-repository/manifest-repository.ts';
import type { SignedContentList } from './verification/signed-content-list.ts';
import type { SbrFederation, SoftBindingResolver } from './manifest-repository/soft-binding-resolver.ts';
import type { WebhookDeliveryPolicy, Webhooks } from './webhooks/webhooks.ts';
import type { BatchJobs } from './jobs/batch-jobs.ts';
import type { JobProcessingSettings } from './jobs/job-item-worker.ts';
import type { IdempotencyKeys } from './idempotency/idempotency-keys.ts';
import type { EvidenceArchives } from './verification/evidence-archive.ts';
import type { TrustSnapshotFiles } from './verification/trust-snapshot-files.ts';
import type { AssetTimestamps, TimestampRetryPolicy } from './timestamps/asset-timestamps.ts';

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
