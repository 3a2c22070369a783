// What every server copy must share and none may make for itself: the gateway's signing PKI (one
// row; the private keys sealed under the key-encryption key) and the gateway's own secrets (the
// session-signing secret when AUTH_SECRET is not configured), sealed the same way. The first copy to
// start writes them; the primary keys make a second copy starting at the same time take the first's.
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const gatewayPki = pgTable('gateway_pki', {
  /** Always 'gateway': one PKI per installation. */
  id: text('id').primaryKey(),
  /** PEM certificates, public. */
  rootCertificate: text('root_certificate').notNull(),
  intermediateCertificate: text('intermediate_certificate').notNull(),
  signerCertificate: text('signer_certificate').notNull(),
  /** Signing certificate then intermediate, as the signer sends them. */
  signerChain: text('signer_chain').notNull(),
  /** PKCS#8 PEM keys sealed by the key vault (services/signing-identities/key-vault.ts). */
  sealedRootKey: text('sealed_root_key').notNull(),
  sealedIntermediateKey: text('sealed_intermediate_key').notNull(),
  sealedSignerKey: text('sealed_signer_key').notNull(),
  createdAt: createdAt(),
});

export const gatewaySecrets = pgTable('gateway_secrets', {
  /** What the secret is for, e.g. 'auth-secret'. */
  name: text('name').primaryKey(),
  /** The secret sealed by the key vault. */
  sealed: text('sealed').notNull(),
  createdAt: createdAt(),
});
