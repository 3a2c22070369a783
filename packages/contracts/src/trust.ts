// GET /trust: the trust lists the gateway verifies with, each with its anchor certificates, so a
// client (the web app's in-browser verification) can trust exactly what the server trusts.
import { z } from '@hono/zod-openapi';
import { ZTrustTier } from './verify.ts';

export const ZTrustAnchor = z
  .object({
    /** The anchor's subject, most specific first ("CN=…, O=…, C=…"). */
    subject: z.string(),
    /** Lowercase hex SHA-256 of the certificate's DER. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    /** The certificate itself, PEM. */
    pem: z.string().startsWith('-----BEGIN CERTIFICATE-----'),
  })
  .openapi('TrustAnchor');
export type TTrustAnchor = z.infer<typeof ZTrustAnchor>;

export const ZTrustListInForce = z
  .object({
    name: z.string().openapi({ example: 'C2PA trust list' }),
    tier: ZTrustTier.exclude(['untrusted']),
    /** The list's URL, `file:<name>` for a file on the server, null for the gateway's own root. */
    source: z.string().nullable(),
    /** When the copy in force was fetched or read (ISO 8601); null for the gateway's own root. */
    retrievedAt: z.string().nullable(),
    anchors: z.array(ZTrustAnchor),
  })
  .openapi('TrustListInForce');
export type TTrustListInForce = z.infer<typeof ZTrustListInForce>;

export const ZTrustResponse = z
  .object({
    /** Lists that vouch for signers, the gateway's own root included. */
    lists: z.array(ZTrustListInForce),
    /** Lists of time-stamping authorities (they never vouch for a signer). */
    tsaLists: z.array(ZTrustListInForce),
  })
  .openapi('TrustResponse');
export type TTrustResponse = z.infer<typeof ZTrustResponse>;
