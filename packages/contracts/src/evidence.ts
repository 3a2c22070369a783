// The evidence of a verification, kept so that it can be re-checked years later: GET
// /manifests/{manifestId}/evidence answers it as one ZIP archive (its members named here, so the
// server, the web app, which assembles the same archive for a file the gateway does not hold, and
// their tests agree on them), and GET /trust-snapshots/{id} answers the trust lists an earlier
// answer was made under (verification.evidence.trustSnapshot.id), certificates included.
import { z } from '@hono/zod-openapi';
import { ZTrustTier } from './verify.ts';

/** What each member of an evidence archive is; the archive's README.txt says the same in words. */
export const EVIDENCE_ARCHIVE_MEMBERS = {
  /** What each file is, and how to re-check the verdict with them. */
  readme: 'README.txt',
  /** The verification answer (TVerifyResponse), as the API gave it. */
  report: 'report.json',
  /** c2pa-rs's own crJSON report of the file, under the same trust lists as of the same instant. */
  crJson: 'crjson.json',
  /** The C2PA manifest store (JUMBF) the verdict is about. */
  manifestStore: 'manifest-store.c2pa',
  /** The claim signer's certificate chain, signing certificate first. */
  signerChain: 'signer-chain.pem',
  /** Every signer trust anchor of the trust snapshot the verdict was made under. */
  trustAnchors: 'trust-anchors.pem',
  /** Every time-stamping authority anchor of that snapshot. */
  tsaTrustAnchors: 'tsa-trust-anchors.pem',
  /** The OCSP answer (a DER OCSPResponse) the revocation verdict rests on. */
  ocspResponse: 'ocsp-response.der',
  /** The trust snapshot itself: its ID and its lists with their certificates (ZTrustSnapshot). */
  trustSnapshot: 'trust-snapshot.json',
} as const;
export type TEvidenceArchiveMember = (typeof EVIDENCE_ARCHIVE_MEMBERS)[keyof typeof EVIDENCE_ARCHIVE_MEMBERS];

export const ZKeptTrustList = z
  .object({
    name: z.string().openapi({ example: 'C2PA trust list' }),
    tier: ZTrustTier.exclude(['untrusted']),
    purpose: z.enum(['signers', 'timestamps']).openapi({ description: 'signers: vouches for claim signers; timestamps: for time-stamping authorities only' }),
    source: z.string().nullable().openapi({ description: "The list's URL, `file:<name>` for a file on the server, null for the gateway's own root" }),
    retrievedAt: z.string().nullable().openapi({ description: 'When this copy of the list was retrieved; null when not known' }),
    sha256: z.string().regex(/^[0-9a-f]{64}$/).openapi({ description: "SHA-256 of the list's text (its PEM texts joined by a newline), as verification.evidence.trustSnapshot.lists names it" }),
    pems: z.array(z.string()).openapi({ description: 'The list’s text: PEM bundles of its anchor certificates' }),
  })
  .openapi('KeptTrustList');
export type TKeptTrustList = z.infer<typeof ZKeptTrustList>;

/**
 * A trust snapshot the gateway answered under, whole: `id` is the SHA-256 over its anchors with their
 * lists, tiers and purposes, the ID verification.evidence.trustSnapshot names; give it as
 * `trustSnapshot` (with `at`) to POST /verify-content to verify under exactly these lists again.
 */
export const ZTrustSnapshot = z
  .object({
    id: z.string().regex(/^[0-9a-f]{64}$/).openapi({ description: 'The snapshot ID: SHA-256 over its anchors with their lists, tiers and purposes' }),
    lists: z.array(ZKeptTrustList),
  })
  .openapi('TrustSnapshot');
export type TTrustSnapshot = z.infer<typeof ZTrustSnapshot>;

/**
 * An evidence archive's trust-anchors.pem (purpose signers) or tsa-trust-anchors.pem (timestamps):
 * each list of the snapshot under a comment line naming it (PEM readers skip text between
 * certificates); null when the snapshot has no list of that purpose. One definition for the server's
 * archive and the one the web app assembles.
 */
export function trustAnchorsPem(snapshot: TTrustSnapshot, purpose: 'signers' | 'timestamps'): string | null {
  const lists = snapshot.lists.filter((list) => list.purpose === purpose);
  if (lists.length === 0) return null;
  return lists
    .map((list) => `# ${list.name} (${list.tier}${list.retrievedAt ? `, retrieved ${list.retrievedAt}` : ''}${list.source ? `, from ${list.source}` : ''})\n${list.pems.map((pem) => pem.trim()).join('\n')}\n`)
    .join('\n');
}
