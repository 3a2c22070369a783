// Who signs for an account: its organisation profile and its signing identities. The managed
// identity is issued on first signing by the gateway's intermediate (named after the organisation;
// with the organisation-verified policy while the name is verified: organization-confirmations.ts).
// The name is published in every signature, so it is only ever one the account typed: without one,
// a signing through the managed identity is refused (409 organization_required), never made under
// the account's email; the signing request may carry the name to set it (requireSigningName). The
// certificate is issued anew when the name or its verification changes, when it nears its end,
// once it is revoked, or when it lacks id-kp-documentSigning (issued before the gateway put it in:
// c2pa-rs's CAWG trust model asks it of an identity credential, so such an organisation's CAWG
// identity read untrusted), each reissue told as an identity.reissued account event; an account may instead bring its own certificate and key (or a remote signing
// service), checked and test-signed with before anything is stored (identity-probe.ts), and remove
// any identity (the account then signs as its managed identity). Every certificate the gateway issues is recorded in
// gateway_certificates (so the gateway answers OCSP for it), and private keys are stored sealed by
// the key vault, never returned.
import { randomUUID, X509Certificate } from 'node:crypto';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { broughtIdentity, localPki, NO_TRUST, type ClaimSigner, type PostSigningRequest, type SignerMaterial, type TrustStore } from '@provenance/engine';
import type { Db } from '../../db/create-db.ts';
import { gatewayCertificates, organizationProfiles, signingIdentities, users } from '../../db/schema/index.ts';
import type { AccountEvents } from '../account-events/account-events.ts';
import { DomainError } from '../domain-error.ts';
import type { IdentityProbe } from './identity-probe.ts';
import { identityWarnings } from './identity-warnings.ts';
import type { KeyVault } from './key-vault.ts';
import { checkRemoteIdentity, proveRemoteKey, remoteSignerOf, type RemoteIdentityRequest } from './remote-identity.ts';

/** A managed certificate lives a year and is replaced in its last month. */
const MANAGED_VALIDITY_DAYS = 365;
const RENEW_BEFORE_MS = 30 * 86_400_000;
/** id-kp-documentSigning (RFC 9336): what CAWG 1.3's X.509 trust model asks of an identity credential. */
const EKU_DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';

/** Why an account's managed certificate was replaced by a new one (identity.reissued's `reason`). */
export type ReissueReason = 'organization_changed' | 'renewal' | 'revoked' | 'document_signing_missing';

export interface SigningIdentityView {
  id: string;
  kind: 'managed' | 'certificate' | 'remote';
  active: boolean;
  subject: string;
  issuer: string;
  notAfter: string;
  /** PEM, leaf first. */
  certificateChain: string;
  /** What the account should know before signing with it (identity-warnings.ts); empty when nothing. */
  warnings: string[];
}

/** What signs an account's next manifest: the identity's id (recorded with the asset) and its key material. */
export interface AccountSigner {
  identityId: string;
  /** managed: issued by the gateway in the organisation's name; certificate, remote: brought by the account. */
  kind: IdentityRow['kind'];
  /** A key and chain, or a remote identity's signer (which asks its service through the safe fetcher). */
  material: SignerMaterial | ClaimSigner;
}

/** The organisation an account signs as, and whether its name was verified at its domain. */
export interface OrganizationView {
  /** The name set; null until one is (the account's email is never used in its place). */
  name: string | null;
  isSet: boolean;
  domain: string | null;
  verified: boolean;
  verifiedEmail: string | null;
  verifiedAt: Date | null;
}

export interface SigningIdentities {
  organizationOf(userId: string): Promise<OrganizationView>;
  /**
   * Sets the name and, unless `domain` is undefined, the domain (null removes it); the signatures
   * that follow use a certificate issued for it. A new name or domain drops the verification.
   */
  setOrganization(userId: string, name: string, domain?: string | null): Promise<OrganizationView>;
  /**
   * Makes sure a signing has a name to sign under before any work: `organization`, when given, is
   * set as the account's name if it has none (and must be that name if it has: 409
   * organization_mismatch). Without a name, an account whose next signature would come from its
   * managed certificate is refused (409 organization_required); one signing with its own
   * certificate or remote service needs none.
   */
  requireSigningName(userId: string, organization?: string): Promise<void>;
  /** The active identity's signer; the managed one (issued or renewed as needed) only under a name set (409 organization_required). */
  signerFor(userId: string): Promise<AccountSigner>;
  list(userId: string): Promise<SigningIdentityView[]>;
  /** Checks and stores a certificate chain and key brought by the account; it becomes the active identity. */
  addCertificate(userId: string, upload: { certificateChain: string; privateKey: string }): Promise<SigningIdentityView>;
  activate(userId: string, identityId: string): Promise<SigningIdentityView>;
  /** Stores a remote signing service (URL, secret sealed, chain checked, key proven by a signed challenge); it becomes the active identity. */
  addRemote(userId: string, request: RemoteIdentityRequest): Promise<SigningIdentityView>;
  /**
   * Deletes an identity and its sealed key. When it was the active one, the account's newest
   * managed identity becomes active (or, with none, one is issued at the next signing). Files it
   * signed keep their Content Credentials; their record no longer names the identity.
   */
  remove(userId: string, identityId: string): Promise<void>;
}

export interface SigningIdentitiesDeps {
  db: Db;
  vault: KeyVault;
  /** The local PKI's root certificate file; its folder holds the intermediate that issues managed certificates. */
  rootCertificatePath: string;
  /** `${PUBLIC_URL}/api/v1/pki/ocsp`, named in each managed certificate's AIA. */
  ocspUrl: string;
  /** How remote identities reach their signing service: the server's safe fetcher. */
  post?: PostSigningRequest;
  /**
   * The test signing a brought certificate or remote service must pass before it is stored (the
   * gateway engine's: identity-probe.ts); without it such identities are refused.
   */
  probe?: IdentityProbe;
  /** The trust store in force (the engine's), which the identities' warnings are judged by; none: no list vouches. */
  trust?: () => TrustStore;
  /** Hears of a managed certificate replaced by a new one (identity.reissued); absent, nobody does. */
  events?: AccountEvents;
  clock?: () => Date;
}

type IdentityRow = typeof signingIdentities.$inferSelect;

function organizationRequired(): DomainError {
  return new DomainError(
    'conflict',
    'organization_required',
    'organization is required: this account has no name to sign under yet. Give it in the signing request’s organization field (or set it with PUT /account/organization); it is published in every signature, and the account’s email never is',
  );
}

function organizationMismatch(current: string): DomainError {
  return new DomainError('conflict', 'organization_mismatch', `organization does not match the name this account signs under (“${current}”): leave it out, or change the name with PUT /account/organization`);
}

export function createSigningIdentities(deps: SigningIdentitiesDeps): SigningIdentities {
  const { db, vault } = deps;
  const now = () => deps.clock?.() ?? new Date();
  const view = (row: IdentityRow): SigningIdentityView => ({
    id: row.id,
    kind: row.kind,
    active: row.active,
    subject: row.subject,
    issuer: row.issuer,
    notAfter: row.notAfter.toISOString(),
    certificateChain: row.certificateChain,
    warnings: identityWarnings(row, deps.trust?.() ?? NO_TRUST),
  });
  /** Signs and verifies a test file as `signer` (422 identity_cannot_sign with the engine's reason when it fails). */
  const testSigning = (signer: SignerMaterial | ClaimSigner): Promise<void> => {
    if (!deps.probe) throw DomainError.conflict('This gateway cannot test-sign with a brought identity, so it takes none.');
    return deps.probe(signer);
  };
  // One issuance at a time per account, so two first signings at once do not issue two certificates.
  const issuing = new Map<string, Promise<AccountSigner>>();

  async function organizationOf(userId: string): Promise<OrganizationView> {
    const [profile] = await db.select().from(organizationProfiles).where(eq(organizationProfiles.userId, userId)).limit(1);
    if (profile) {
      const verified = profile.verifiedAt !== null && profile.domain !== null;
      return { name: profile.name, isSet: true, domain: profile.domain, verified, verifiedEmail: verified ? profile.verifiedEmail : null, verifiedAt: verified ? profile.verifiedAt : null };
    }
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw DomainError.notFound('Account not found');
    return { name: null, isSet: false, domain: null, verified: false, verifiedEmail: null, verifiedAt: null };
  }

  async function activeRow(userId: string, on: Db = db): Promise<IdentityRow | undefined> {
    const [row] = await on.select().from(signingIdentities).where(and(eq(signingIdentities.userId, userId), eq(signingIdentities.active, true))).orderBy(desc(signingIdentities.createdAt)).limit(1);
    return row;
  }

  async function makeActive(userId: string, row: typeof signingIdentities.$inferInsert, on: Db = db): Promise<IdentityRow> {
    return on.transaction(async (tx) => {
      await tx.update(signingIdentities).set({ active: false, updatedAt: now() }).where(and(eq(signingIdentities.userId, userId), eq(signingIdentities.active, true)));
      const [inserted] = await tx.insert(signingIdentities).values({ ...row, active: true }).returning();
      return inserted!;
    });
  }

  /** Why the managed certificate `row` may no longer sign for the account, or null while it may. */
  async function reissueReason(row: IdentityRow, organization: string, verifiedAt: string | null, on: Db = db): Promise<ReissueReason | null> {
    // A name verified (or no longer verified, or verified at another domain) since the certificate was issued needs one that says so.
    if (row.organization !== organization || (row.organizationVerified ? row.organizationDomain : null) !== verifiedAt) return 'organization_changed';
    if (row.notAfter.getTime() - now().getTime() < RENEW_BEFORE_MS) return 'renewal';
    const [record] = await on.select({ status: gatewayCertificates.status }).from(gatewayCertificates).where(eq(gatewayCertificates.serialNumber, row.serialNumber)).limit(1);
    if (record?.status === 'revoked') return 'revoked';
    // Node reads the leaf (the chain's first certificate); its keyUsage is the extended key usage list.
    if (!(new X509Certificate(row.certificateChain).keyUsage ?? []).includes(EKU_DOCUMENT_SIGNING)) return 'document_signing_missing';
    return null;
  }

  /**
   * Issues the account's managed certificate unless another server copy has just done so: the
   * account's advisory lock (held to the end of the transaction) makes copies issue one at a time,
   * and the active identity is read again under it. Within one copy, signerFor already joins them.
   */
  async function issueManagedOnce(userId: string, organization: string, verifiedAt: string | null): Promise<IdentityRow> {
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`managed-identity:${userId}`}))`);
      const active = await activeRow(userId, tx);
      if (active && active.kind !== 'managed') return { row: active };
      const reason = active ? await reissueReason(active, organization, verifiedAt, tx) : null;
      if (active && reason === null) return { row: active };
      const row = await issueManaged(userId, organization, verifiedAt, tx);
      return { row, replaced: active && reason ? { previous: active, reason } : undefined };
    });
    // Told once committed, by the copy that issued it; a listener's failure never fails the signing.
    if (outcome.replaced) await announceReissue(outcome.row, outcome.replaced.previous, outcome.replaced.reason);
    return outcome.row;
  }

  async function announceReissue(row: IdentityRow, previous: IdentityRow, reason: ReissueReason): Promise<void> {
    await deps.events?.emit({
      type: 'identity.reissued',
      accountId: row.userId,
      data: { identityId: row.id, previousIdentityId: previous.id, reason, subject: row.subject, serialNumber: row.serialNumber, notAfter: row.notAfter.toISOString() },
      occurredAt: now(),
    });
  }

  /** `verifiedAt`: the domain where the name was verified, null while it is self-declared. */
  async function issueManaged(userId: string, organization: string, verifiedAt: string | null, on: Db): Promise<IdentityRow> {
    const issued = await localPki.issueAccountCertificate(path.dirname(deps.rootCertificatePath), {
      organization,
      organizationVerified: verifiedAt !== null,
      ...(verifiedAt !== null && { organizationDomain: verifiedAt }),
      ocspUrl: deps.ocspUrl,
      validityDays: MANAGED_VALIDITY_DAYS,
      now: now(),
    });
    await on.insert(gatewayCertificates).values({ serialNumber: issued.serialNumber, status: 'good', userId });
    return makeActive(userId, {
      id: randomUUID(),
      userId,
      kind: 'managed',
      organization,
      organizationVerified: verifiedAt !== null,
      organizationDomain: verifiedAt,
      certificateChain: issued.certificateChainPem,
      sealedPrivateKey: vault.seal(issued.privateKeyPem),
      serialNumber: issued.serialNumber,
      subject: issued.subject,
      issuer: issued.issuer,
      notAfter: issued.notAfter,
    }, on);
  }

  function signerOf(row: IdentityRow): AccountSigner {
    if (row.kind === 'remote') {
      if (!deps.post) throw DomainError.conflict('This gateway has no way to reach remote signing services.');
      return { identityId: row.id, kind: row.kind, material: remoteSignerOf(row, vault, deps.post) };
    }
    if (!row.sealedPrivateKey) throw DomainError.conflict(`The signing identity ${row.id} holds no key the gateway can sign with.`);
    return { identityId: row.id, kind: row.kind, material: { privateKeyPem: vault.open(row.sealedPrivateKey), certificateChainPem: row.certificateChain } };
  }

  async function resolveSigner(userId: string): Promise<AccountSigner> {
    const active = await activeRow(userId);
    if (active && active.kind !== 'managed') return signerOf(active);
    const { name, verified, domain } = await organizationOf(userId);
    // A managed certificate issued earlier under the email (before names were required) differs
    // from any name set, so it never signs again: a new one is issued under the name.
    if (name === null) throw organizationRequired();
    const verifiedAt = verified ? domain : null;
    if (active && (await reissueReason(active, name, verifiedAt)) === null) return signerOf(active);
    return signerOf(await issueManagedOnce(userId, name, verifiedAt));
  }

  return {
    organizationOf,
    async setOrganization(userId, name, domain) {
      const trimmed = name.trim();
      if (!trimmed) throw DomainError.invalid('The organisation name cannot be empty.');
      const nextDomain = domain === undefined ? undefined : domain?.trim().toLowerCase() || null;
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(organizationProfiles).where(eq(organizationProfiles.userId, userId)).for('update').limit(1);
        const keptDomain = nextDomain === undefined ? (current?.domain ?? null) : nextDomain;
        // The verification was of this name at this domain: either changing drops it.
        const keepsVerification = current !== undefined && current.name === trimmed && current.domain === keptDomain;
        const values = { name: trimmed, domain: keptDomain, ...(!keepsVerification && { verifiedAt: null, verifiedEmail: null }), updatedAt: now() };
        await tx.insert(organizationProfiles).values({ userId, ...values }).onConflictDoUpdate({ target: organizationProfiles.userId, set: values });
      });
      return organizationOf(userId);
    },
    async requireSigningName(userId, organization) {
      const current = await organizationOf(userId);
      const given = organization?.trim();
      if (given) {
        if (current.name === null) {
          // Only where none is set yet: of two first signings at once naming different names, the second is refused rather than renaming.
          await db.insert(organizationProfiles).values({ userId, name: given, updatedAt: now() }).onConflictDoNothing({ target: organizationProfiles.userId });
          const settled = await organizationOf(userId);
          if (settled.name !== given) throw organizationMismatch(settled.name ?? '');
          return;
        }
        if (current.name !== given) throw organizationMismatch(current.name);
        return;
      }
      if (current.name !== null) return;
      const active = await activeRow(userId);
      if (!active || active.kind === 'managed') throw organizationRequired();
    },
    signerFor(userId) {
      const running = issuing.get(userId);
      if (running) return running;
      const next = resolveSigner(userId).finally(() => issuing.delete(userId));
      issuing.set(userId, next);
      return next;
    },
    async list(userId) {
      const rows = await db.select().from(signingIdentities).where(eq(signingIdentities.userId, userId)).orderBy(desc(signingIdentities.createdAt));
      return rows.map(view);
    },
    async addCertificate(userId, upload) {
      let checked;
      try {
        checked = await broughtIdentity.checkCertificate(upload.certificateChain, upload.privateKey, now());
      } catch (error) {
        if (error instanceof broughtIdentity.CertificateError) throw new DomainError('invalid', error.problem, error.message);
        throw error;
      }
      // The same certificate twice would be two identities signing as one: the first one is used again instead.
      const [same] = await db
        .select({ id: signingIdentities.id })
        .from(signingIdentities)
        .where(and(eq(signingIdentities.userId, userId), eq(signingIdentities.serialNumber, checked.serialNumber), eq(signingIdentities.issuer, checked.issuer)))
        .limit(1);
      if (same) throw new DomainError('conflict', 'identity_exists', 'This certificate is already one of your signing identities: activate it instead of adding it again');
      await testSigning({ privateKeyPem: upload.privateKey, certificateChainPem: checked.certificateChainPem });
      const row = await makeActive(userId, {
        id: randomUUID(),
        userId,
        kind: 'certificate',
        certificateChain: checked.certificateChainPem,
        sealedPrivateKey: vault.seal(upload.privateKey),
        serialNumber: checked.serialNumber,
        subject: checked.subject,
        issuer: checked.issuer,
        notAfter: checked.notAfter,
      });
      return view(row);
    },
    async addRemote(userId, request) {
      const checked = checkRemoteIdentity(request, vault, now());
      if (!deps.post) throw DomainError.conflict('This gateway has no way to reach remote signing services.');
      await proveRemoteKey(checked, vault, deps.post);
      await testSigning(remoteSignerOf({ certificateChain: checked.certificateChain, sealedPrivateKey: checked.sealedConfig }, vault, deps.post));
      const { sealedConfig, ...certificate } = checked;
      return view(await makeActive(userId, { id: randomUUID(), userId, kind: 'remote', sealedPrivateKey: sealedConfig, ...certificate }));
    },
    async activate(userId, identityId) {
      const [row] = await db.select().from(signingIdentities).where(and(eq(signingIdentities.id, identityId), eq(signingIdentities.userId, userId))).limit(1);
      if (!row) throw DomainError.notFound('Signing identity not found');
      const activated = await db.transaction(async (tx) => {
        await tx.update(signingIdentities).set({ active: false, updatedAt: now() }).where(and(eq(signingIdentities.userId, userId), eq(signingIdentities.active, true)));
        const [updated] = await tx.update(signingIdentities).set({ active: true, updatedAt: now() }).where(eq(signingIdentities.id, identityId)).returning();
        return updated!;
      });
      return view(activated);
    },
    async remove(userId, identityId) {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(signingIdentities).where(and(eq(signingIdentities.id, identityId), eq(signingIdentities.userId, userId))).returning({ active: signingIdentities.active });
        if (!removed) throw DomainError.notFound('Signing identity not found');
        if (!removed.active) return;
        // Back to the managed identity; signerFor issues a new one if it is no longer current (or none is left).
        const [managed] = await tx
          .select({ id: signingIdentities.id })
          .from(signingIdentities)
          .where(and(eq(signingIdentities.userId, userId), eq(signingIdentities.kind, 'managed')))
          .orderBy(desc(signingIdentities.createdAt))
          .limit(1);
        if (managed) await tx.update(signingIdentities).set({ active: true, updatedAt: now() }).where(eq(signingIdentities.id, managed.id));
      });
    },
  };
}

