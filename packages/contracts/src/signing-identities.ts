// Signing identities contract: who signs an account's manifests. A managed identity is a certificate
// the gateway's CA issued the account; a certificate identity is a chain and key the account brought.
import { z } from '@hono/zod-openapi';
import { ZTimestamp } from './common.ts';

export const ZSigningIdentityKind = z.enum(['managed', 'certificate', 'remote']);

export const ZSigningIdentity = z
  .object({
    id: z.string(),
    kind: ZSigningIdentityKind,
    active: z.boolean(),
    subject: z.string(),
    issuer: z.string(),
    notAfter: ZTimestamp,
    /** PEM, the signing certificate first, without the root. */
    certificateChain: z.string(),
  })
  .openapi('SigningIdentity');
export type TSigningIdentity = z.infer<typeof ZSigningIdentity>;

export const ZSigningIdentityList = z.array(ZSigningIdentity).openapi('SigningIdentityList');

const PEM_LIMIT = 64 * 1024;

/** A certificate chain (PEM, signing certificate first) and its private key (PEM), brought by the account. */
export const ZCertificateIdentityRequest = z.object({
  kind: z.literal('certificate'),
  certificateChain: z.string({ error: 'certificateChain is required' }).min(1, 'certificateChain is required').max(PEM_LIMIT),
  privateKey: z.string({ error: 'privateKey is required' }).min(1, 'privateKey is required').max(PEM_LIMIT),
});

export const ZAddSigningIdentityRequest = z.discriminatedUnion('kind', [ZCertificateIdentityRequest]).openapi('AddSigningIdentityRequest');
export type TAddSigningIdentityRequest = z.infer<typeof ZAddSigningIdentityRequest>;
