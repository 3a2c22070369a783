// Remote signing identities (a KMS or HSM behind a signing service): the account gives the
// service's URL, the shared secret, the certificate chain of the key the service holds and its
// algorithm. The chain is checked here (400 naming the problem), and the service must prove it holds
// the certificate's key by signing a challenge (else anyone could sign as another account's
// certificate); URL, secret and algorithm are stored sealed by the key vault like a private key.
// Signing asks the service through the safe fetcher with the engine's remote signer (the shared
// signer factory, as the CLI does).
import { X509Certificate } from 'node:crypto';
import { broughtIdentity, type ClaimSigner, type PostSigningRequest } from '@provenance/engine';
import { DomainError } from '../domain-error.ts';
import type { KeyVault } from './key-vault.ts';

/** An algorithm a remote signing service may sign with, as the engine names it. */
type SigningAlgorithm = (typeof broughtIdentity.algorithms)[number];

export interface RemoteIdentityRequest {
  url: string;
  secret: string;
  certificateChain: string;
  alg: string;
}

/** What the identity's row keeps (the sealed part holds URL, secret and algorithm). */
export interface CheckedRemoteIdentity {
  certificateChain: string;
  sealedConfig: string;
  serialNumber: string;
  subject: string;
  issuer: string;
  notAfter: Date;
}

interface RemoteConfig {
  url: string;
  secret: string;
  alg: SigningAlgorithm;
}

const CURVES: Readonly<Record<string, SigningAlgorithm>> = { prime256v1: 'es256', secp384r1: 'es384', secp521r1: 'es512' };
const invalid = (code: string, message: string): DomainError => new DomainError('invalid', code, message);

/** The algorithm the certificate's key signs with, as the engine names it. */
export function algorithmOf(leaf: X509Certificate): SigningAlgorithm | undefined {
  const key = leaf.publicKey;
  if (key.asymmetricKeyType === 'ec') return CURVES[key.asymmetricKeyDetails?.namedCurve ?? ''];
  if (key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss') return 'ps256';
  if (key.asymmetricKeyType === 'ed25519') return 'ed25519';
  return undefined;
}

export function checkRemoteIdentity(request: RemoteIdentityRequest, vault: KeyVault, now: Date): CheckedRemoteIdentity {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw invalid('invalid_url', 'url is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('invalid_url', 'url must be http(s)');
  // Credentials in a URL end up in logs and error messages; the shared secret is what authenticates.
  if (url.username || url.password) throw invalid('invalid_url', 'url must not carry credentials (user:password@): the shared secret authenticates the gateway');
  if (request.secret.length < 16) throw invalid('weak_secret', 'The shared secret must be at least 16 characters');
  const alg = request.alg.toLowerCase() as SigningAlgorithm;
  if (!broughtIdentity.algorithms.includes(alg)) throw invalid('unsupported_algorithm', `alg must be one of ${broughtIdentity.algorithms.map((name) => name.toUpperCase()).join(', ')}`);
  const blocks = request.certificateChain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  let chain: X509Certificate[];
  try {
    chain = blocks.map((block) => new X509Certificate(block));
  } catch {
    throw invalid('unreadable_chain', 'The certificate chain could not be read');
  }
  const leaf = chain[0];
  if (!leaf) throw invalid('unreadable_chain', 'The certificate chain holds no certificate');
  if (leaf.ca) throw invalid('ca_leaf', 'The first certificate is a CA certificate: put the signing certificate first');
  if (Date.parse(leaf.validTo) < now.getTime()) throw invalid('expired', `The signing certificate expired on ${new Date(leaf.validTo).toISOString()}`);
  if (Date.parse(leaf.validFrom) > now.getTime()) throw invalid('not_yet_valid', `The signing certificate is valid from ${new Date(leaf.validFrom).toISOString()}`);
  if (algorithmOf(leaf) !== alg) throw invalid('key_mismatch', `The signing certificate's key does not sign ${request.alg}`);
  for (let index = 1; index < chain.length; index += 1) {
    if (!chain[index - 1]!.checkIssued(chain[index]!)) throw invalid('chain_order', 'The chain is out of order: each certificate must be issued by the next');
  }
  const config: RemoteConfig = { url: url.href, secret: request.secret, alg };
  return {
    certificateChain: `${chain.map((certificate) => certificate.toString().trim()).join('\n')}\n`,
    sealedConfig: vault.seal(JSON.stringify(config)),
    serialNumber: leaf.serialNumber.toLowerCase(),
    subject: leaf.subject.replace(/\n/g, ', '),
    issuer: leaf.issuer.replace(/\n/g, ', '),
    notAfter: new Date(leaf.validTo),
  };
}

/** The identity's signer: each signature asked of its service through `post` (the safe fetcher). */
export function remoteSignerOf(row: { certificateChain: string; sealedPrivateKey: string | null }, vault: KeyVault, post: PostSigningRequest): ClaimSigner {
  if (!row.sealedPrivateKey) throw DomainError.conflict('The remote signing identity has no service configured.');
  const config = JSON.parse(vault.open(row.sealedPrivateKey)) as RemoteConfig;
  return broughtIdentity.createSigner({ kind: 'remote', url: config.url, secret: config.secret, alg: config.alg, certificateChainPem: row.certificateChain }, { post });
}

/**
 * Asks the identity's service to sign a random challenge and checks the signature under its
 * certificate's key: 400 remote_key_unproven when it does not (refused, unreachable, another key).
 */
export async function proveRemoteKey(checked: CheckedRemoteIdentity, vault: KeyVault, post: PostSigningRequest): Promise<void> {
  const signer = remoteSignerOf({ certificateChain: checked.certificateChain, sealedPrivateKey: checked.sealedConfig }, vault, post);
  try {
    await broughtIdentity.proveKeyPossession(signer);
  } catch (error) {
    if (error instanceof broughtIdentity.KeyPossessionError) throw invalid('remote_key_unproven', `The signing service at url did not prove it holds the signing certificate's key: ${error.message}`);
    throw error;
  }
}
