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
    warnings: z.array(z.string()).openapi({
      description:
        "What the account should know before signing with it, in words (empty when nothing): for a certificate or remote signer whose root is not on the C2PA trust list, that other validators will show files signed with it as unrecognised (partial). Managed identities carry none (the report's trust label says so for them)",
      example: ["This certificate's root is not on the C2PA trust list: other validators will show files signed with it as unrecognised (partial)"],
    }),
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

/**
 * A remote signing service (next to a KMS or HSM) that holds the key of the chain's signing
 * certificate. The protocol the gateway speaks to it is the RemoteSigningProtocol schema's.
 */
export const ZRemoteIdentityRequest = z
  .object({
    kind: z.literal('remote'),
    url: z
      .string({ error: 'url is required' })
      .url('url must be a URL')
      .max(2048)
      .openapi({ description: 'The signing service; http(s), without credentials (user:password@): the shared secret authenticates the gateway' }),
    secret: z.string({ error: 'secret is required' }).min(16, 'secret must be at least 16 characters').max(512),
    certificateChain: z.string({ error: 'certificateChain is required' }).min(1, 'certificateChain is required').max(PEM_LIMIT),
    alg: z.enum(['ES256', 'ES384', 'ES512', 'PS256', 'Ed25519']),
  })
  .openapi('RemoteIdentityRequest');

/**
 * The remote signing protocol, as a signing service implements it (the reference one:
 * `provenance signer serve`). Documented here so the OpenAPI document carries it.
 */
export const ZRemoteSigningProtocol = z
  .object({
    alg: z.string().openapi({ example: 'ES256' }),
    keyId: z.string().openapi({ description: 'Hex SHA-256 of the signing certificate (DER)' }),
    data: z.string().openapi({ description: 'Base64 of the bytes to sign (the COSE Sig_structure)' }),
  })
  .openapi('RemoteSigningProtocol', {
    description:
      'The gateway POSTs this JSON to the identity\'s url with headers X-Provenance-Timestamp (Unix seconds) and X-Provenance-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>. The service must refuse (401) a signature that does not match or a timestamp more than 300 s from its clock, and answers 200 {"signature": "<base64>"}: the signature in COSE form (r||s for ECDSA; RSA-PSS with SHA-256 and 32-byte salt for PS256). When the identity is added, the gateway first sends one such request whose data is a random challenge (prefixed "Provenance Gateway proof of key possession" and a NUL byte), and accepts the identity only if the signature verifies under the certificate\'s key (else 400 remote_key_unproven). Requests go through the gateway\'s safe fetcher: a service on a private address must be listed in FETCH_ALLOW_HOSTS.',
  });

export const ZAddSigningIdentityRequest = z.discriminatedUnion('kind', [ZCertificateIdentityRequest, ZRemoteIdentityRequest]).openapi('AddSigningIdentityRequest');
export type TAddSigningIdentityRequest = z.infer<typeof ZAddSigningIdentityRequest>;
export type TRemoteIdentityRequest = z.infer<typeof ZRemoteIdentityRequest>;
