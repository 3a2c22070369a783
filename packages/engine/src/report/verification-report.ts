/**
 * The verification result the engine gives, shaped as the API's verify response: the promised
 * `verification` and `badge`, plus the full `report`. The engine depends on nothing of ours, so it
 * states these types itself; the contract's ZVerifyResponse describes the same answer on the wire,
 * and a server test holds the two equal (services/engine/verify-response-contract.test.ts).
 */
import type { IdentityRevocationCredential, SigningCredential } from '../revocation/signing-credential.ts';
import { organizationWords } from './organization-vouch.ts';
import type { TrustSnapshot } from '../trust/trust-store.ts';

export type VerificationStatus = 'verified' | 'partial' | 'invalid' | 'unsigned';
/** Kept for older clients: `trusted` (verified), `untrusted` (signed, not verified), `none` (unsigned); `unknown` is no longer given. */
export type TrustLevel = 'trusted' | 'unknown' | 'untrusted' | 'none';
/**
 * The tier of the list that vouched for the signer: `conformant` the C2PA trust list, `legacy` a
 * list configured as legacy (such as the interim trust list), `custom` another configured list,
 * `gateway` this gateway's own root, `untrusted` on no list.
 */
export type VouchTier = 'conformant' | 'legacy' | 'custom' | 'gateway' | 'untrusted';

/** Which list vouched for the signer, and through which anchor (subject, SHA-256 of its DER). */
export interface TrustVerdict {
  tier: VouchTier;
  list: string | null;
  anchor: { subject: string; sha256: string } | null;
}

/** The verdict as a response reports it, with who vouches in words (trust-words.ts, trustLabel). */
export interface ReportedTrust extends TrustVerdict {
  label: string;
}
export type AiDisclosure = 'generated' | 'ai_edited' | 'captured' | null;

/**
 * What is known of the signing certificate's revocation: `good`, `revoked`, `unknown` (to the
 * responder) or `not_checked` (the responder could not be asked or gave no usable answer: the
 * verdict stands on everything else). `source`: an OCSP responder, the OCSP response stapled in
 * the signature, or this gateway's own records of the certificates it issued.
 */
export interface RevocationCheck {
  status: 'good' | 'revoked' | 'unknown' | 'not_checked';
  source: 'ocsp' | 'stapled' | 'gateway';
  /** The responder asked, or null. */
  responder: string | null;
  /** When the answer was known to be correct, or null when not checked. */
  checkedAt: string | null;
  revokedAt: string | null;
  /** Why it was not checked, or what an unusual answer means. */
  reason: string | null;
}

/** An OCSP responder's answer as evidence: who answered, when it signed, and its DER in base64. */
export interface RevocationAnswer {
  responder: string;
  producedAt: string;
  response: string;
}

export interface ValidationCode {
  code: string;
  url?: string;
  /** Plain-language explanation of the code. */
  explanation: string;
}

export interface SignerSummary {
  commonName: string | null;
  organization: string | null;
  issuer: string | null;
  serialNumber: string | null;
  algorithm: string | null;
  notBefore: string | null;
  notAfter: string | null;
  /** The signer chains to one of the configured trust anchors (whatever else failed in the file). */
  trusted: boolean;
  /** c2pa-rs found the certificate expired: at the trusted timestamp's time if the signature has one, else now. */
  expired: boolean;
  /** The signer's certificate chain as PEM, signing certificate first; empty when it could not be read. */
  certificateChainPem: string[];
}

export interface ActionSummary {
  action: string;
  label: string;
  when: string | null;
  softwareAgent: string | null;
  digitalSourceType: string | null;
}

export interface ManifestSummary {
  label: string;
  title: string | null;
  format: string | null;
  claimGenerator: string | null;
  signer: SignerSummary | null;
  signedAt: string | null;
  creator: string | null;
  license: string | null;
  aiDisclosure: AiDisclosure;
  digitalSourceTypes: string[];
  actions: ActionSummary[];
  assertions: string[];
  /** Assertions of earlier manifests (its ingredients') this manifest removed: C2PA redaction. */
  redactions: { manifest: string; assertion: string }[];
  location: { latitude: string; longitude: string } | null;
  device: { make: string | null; model: string | null } | null;
  thumbnail: ThumbnailRef | null;
  ingredientCount: number;
}

export interface ThumbnailRef {
  format: string;
  identifier: string;
  /** data: URL, present when the caller asked for thumbnails. */
  dataUrl?: string;
}

export interface IngredientNode {
  title: string | null;
  format: string | null;
  relationship: string | null;
  manifestLabel: string | null;
  status: VerificationStatus;
  failures: ValidationCode[];
  thumbnail: ThumbnailRef | null;
  children: IngredientNode[];
}

export interface SignatureTimestamp {
  time: string;
  authority: string | null;
  trusted: boolean;
}

export interface VerificationReport {
  manifestId: string | null;
  format: string;
  validationState: 'Trusted' | 'Valid' | 'Invalid' | null;
  /** One sentence on why the status is what it is. */
  reason: string;
  codes: { success: ValidationCode[]; informational: ValidationCode[]; failure: ValidationCode[] };
  ingredientFailures: ValidationCode[];
  signer: SignerSummary | null;
  signedAt: string | null;
  /**
   * The active manifest's RFC 3161 timestamp, when c2pa-rs validated it against the signature: the
   * time an authority attests the signature existed at, and that authority. `trusted`: its
   * certificate chains to a time-stamping anchor, so the signer's certificate is judged at this
   * time rather than now (a timestamped signature outlives its certificate).
   */
  timestamp: SignatureTimestamp | null;
  activeManifest: ManifestSummary | null;
  manifests: ManifestSummary[];
  ingredients: IngredientNode[];
}

/**
 * A named actor's verdict, from its own cawg.* codes: `invalid` for any failure but an untrusted
 * credential; `revoked` when the credential's issuer revoked it (revocation/apply-identity-revocation.ts).
 */
export type NamedIdentityStatus = 'trusted' | 'untrusted' | 'invalid' | 'revoked';

/** A CAWG identity assertion of the active manifest: who it names, under which credential, with its own verdict (report/identities.ts). */
export interface NamedIdentity {
  /** The assertion's label (`cawg.identity`, `cawg.identity__1`…). */
  label: string;
  /** Who it names: the organisation (else the common name) of its X.509 credential; null when not known. */
  name: string | null;
  /** Who issued that credential (its issuer's organisation, else common name); null when not known. */
  credentialIssuer: string | null;
  status: NamedIdentityStatus;
  /** What is known of the credential's revocation; absent when nobody asked (see ZNamedIdentity). */
  revocation?: RevocationCheck;
  /** c2pa-rs's codes for this assertion, and the revocation codes for its credential. */
  codes: { success: ValidationCode[]; informational: ValidationCode[]; failure: ValidationCode[] };
}

export interface VerifyResponse {
  verification: {
    status: VerificationStatus;
    chainValid: boolean;
    signatureValid: boolean;
    trustLevel: TrustLevel;
    /** The trust list that vouched for the signer (even when the content failed), or `untrusted`. */
    trust: ReportedTrust;
    /** The validation status code the reason explains, the most severe one; null when unsigned. */
    reasonCode: string | null;
    /** Present when the signing certificate's revocation was asked about (see RevocationCheck). */
    revocation?: RevocationCheck;
    /**
     * What the verification was made under: the trust lists (their snapshot) and the instant
     * certificates were judged at (now, or a declared time). Absent from a verdict made in a browser.
     */
    evidence?: { trustSnapshot?: TrustSnapshot; validatedAt: string; revocation?: RevocationAnswer };
    /**
     * The organisations and people the manifest names (its CAWG identity assertions), each with its
     * own verdict, apart from the claim signer's; absent from verdicts made before they were reported.
     */
    identities?: NamedIdentity[];
    credentials: {
      creator: string | null;
      organization: string | null;
      /** See ZVerification in the contracts: vouched by a public or operator list, or verified by this gateway before it issued the certificate. */
      organizationVerified: boolean;
      /** The domain where this gateway verified the organisation (its certificate names it); null otherwise. */
      organizationDomain: string | null;
      softwareAgent: string | null;
      aiAssisted: boolean;
      editHistory: string[];
    };
  };
  badge: { message: string };
  report: VerificationReport;
}

/**
 * A verification response serialized once, where it was made (an engine worker), with the few
 * fields a server needs without parsing it. Handing a server the JSON instead of the object spares
 * its event loop both the structured clone of the report and its JSON.stringify.
 */
export interface SerializedVerification {
  json: string;
  status: VerificationStatus;
  reason: string;
  manifestId: string | null;
  /** Who vouches for the signer, in the report's words (verification.trust.label). */
  trustLabel: string;
  /** The organisation the credentials name, in the report's words (marked self-declared unless vouched for); null when none. */
  organization: string | null;
  /** The signing credential whose revocation the caller may still ask about (not part of the JSON). */
  signingCredential?: SigningCredential | null;
  /** The named actors' credentials whose revocation the caller may still ask about (not part of the JSON). */
  identityCredentials?: IdentityRevocationCredential[];
  /** The earliest notAfter (ms) in the store's signer chains: a kept verdict must not outlive it. */
  certificatesEnd?: number;
  /** c2pa-rs's crJSON of the same read, when asked for (report/crjson.ts); null when there is no manifest store. */
  crJson?: string | null;
}

/** The credentials' organisation as the report and badge name it. */
export function organizationOf(response: VerifyResponse): string | null {
  const { organization, organizationVerified, organizationDomain } = response.verification.credentials;
  return organization ? organizationWords(organization, { verified: organizationVerified, domain: organizationDomain }) : null;
}

export function serializeVerification(response: VerifyResponse, signingCredential?: SigningCredential | null, certificatesEnd?: number, identityCredentials?: IdentityRevocationCredential[]): SerializedVerification {
  return {
    json: JSON.stringify(response),
    status: response.verification.status,
    reason: response.report.reason,
    manifestId: response.report.manifestId,
    trustLabel: response.verification.trust.label,
    organization: organizationOf(response),
    ...(signingCredential && { signingCredential }),
    ...(certificatesEnd !== undefined && { certificatesEnd }),
    ...(identityCredentials && identityCredentials.length > 0 && { identityCredentials }),
  };
}
