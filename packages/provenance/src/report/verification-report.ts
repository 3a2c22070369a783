/**
 * The verification result the engine gives, shaped as the API's verify response: the promised
 * `verification` and `badge`, plus the full `report`. The engine depends on nothing of ours, so it
 * states these types itself; the contract's ZVerifyResponse describes the same answer on the wire,
 * and a server test holds the two equal (services/provenance/verify-response-contract.test.ts).
 */
export type VerificationStatus = 'verified' | 'partial' | 'invalid' | 'unsigned';
export type TrustLevel = 'trusted' | 'unknown' | 'untrusted' | 'none';
export type AiDisclosure = 'generated' | 'ai_edited' | 'captured' | null;

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
  /** The signer chains to one of the configured trust anchors. */
  trusted: boolean;
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
  activeManifest: ManifestSummary | null;
  manifests: ManifestSummary[];
  ingredients: IngredientNode[];
}

export interface VerifyResponse {
  verification: {
    status: VerificationStatus;
    chainValid: boolean;
    signatureValid: boolean;
    trustLevel: TrustLevel;
    credentials: {
      creator: string | null;
      organization: string | null;
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
}

export function serializeVerification(response: VerifyResponse): SerializedVerification {
  return { json: JSON.stringify(response), status: response.verification.status, reason: response.report.reason, manifestId: response.report.manifestId };
}
