/**
 * One way to make a claim signer from a signing identity, shared by the CLI and the server: a
 * private key with its certificate chain, or a remote signing service (whose requests go through
 * the caller's `post`, as the engine never reaches the network itself).
 */
import type { SigningAlgorithm } from './algorithms.ts';
import { createPemSigner, type ClaimSigner } from './claim-signer.ts';
import { createRemoteSigner, type PostSigningRequest, type RemoteSignerSpec } from './remote-signer.ts';
import { InvalidSignerError } from '../errors.ts';

export type SignerSpec =
  | { kind: 'key'; privateKeyPem: string; certificateChainPem: string; alg?: SigningAlgorithm }
  | ({ kind: 'remote' } & RemoteSignerSpec);

export function createClaimSigner(spec: SignerSpec, options: { post?: PostSigningRequest } = {}): ClaimSigner {
  if (spec.kind === 'key') return createPemSigner({ privateKeyPem: spec.privateKeyPem, certificateChainPem: spec.certificateChainPem, ...(spec.alg && { alg: spec.alg }) });
  if (!options.post) throw new InvalidSignerError('A remote signer needs a way to reach its service (a safe fetcher).');
  const { kind: _kind, ...remote } = spec;
  return createRemoteSigner(remote, options.post);
}
