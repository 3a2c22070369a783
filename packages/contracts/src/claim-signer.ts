// GET /pki/claim-signer: who signs the claims this installation makes (one claim signer, set by the
// operator with CLAIM_SIGNER, or the development product certificate of the gateway's own CA), and
// what other validators will make of it. Settings shows it; it is public, as every signed file
// names it anyway.
import { z } from '@hono/zod-openapi';

export const ZClaimSigner = z
  .object({
    /** development: the local PKI's product certificate; file: CLAIM_SIGNER's key and chain; remote: a remote signing service. */
    source: z.enum(['development', 'file', 'remote']),
    /** The signing certificate's subject ("CN=<product>, O=<operator>, …" for a product certificate). */
    subject: z.string().openapi({ example: 'C=GB, O=Example News Ltd, CN=Provenance Gateway' }),
    issuer: z.string(),
    /** Lowercase hex. */
    serialNumber: z.string(),
    /** ISO 8601. */
    notAfter: z.string(),
    /** When the development product certificate will be renewed (ISO 8601); null for the operator's own. */
    renewsAt: z.string().nullable(),
    /** Whether the signer's root is on the C2PA trust list (tier conformant) in force here. */
    onC2paTrustList: z.boolean(),
    /** Which claim signer is in force and what other validators will make of it, in words. */
    statement: z.string().openapi({ example: "Development product certificate from this gateway's own CA: other validators will read it as untrusted." }),
    /** PEM, the signing certificate first. */
    certificateChain: z.string().startsWith('-----BEGIN CERTIFICATE-----'),
  })
  .openapi('ClaimSigner');
export type TClaimSigner = z.infer<typeof ZClaimSigner>;
