/**
 * Proof that a signer holds the key of its signing certificate: it is asked to sign a fresh random
 * challenge, and the signature is checked under the certificate's public key. A remote signing
 * service registered with a certificate it holds no key for (another account's, say) fails here,
 * before anything is signed in that certificate's name.
 */
import { X509Certificate, randomBytes } from 'node:crypto';
import { ProvenanceError } from '../errors.ts';
import { verifyWithKey } from './algorithms.ts';
import type { ClaimSigner } from './claim-signer.ts';

/** Why a signer did not prove it holds its certificate's key. */
export class KeyPossessionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyPossessionError';
  }
}

// Says what the bytes are for, so a challenge cannot pass for a claim to be signed.
const CHALLENGE_CONTEXT = new TextEncoder().encode('Provenance Gateway proof of key possession\0');

/** Asks `signer` to sign a random challenge and checks the answer; throws KeyPossessionError when it does not prove the key. */
export async function proveKeyPossession(signer: ClaimSigner): Promise<void> {
  const leaf = signer.certificateChain[0];
  if (!leaf) throw new KeyPossessionError('The signer has no signing certificate.');
  const challenge = new Uint8Array([...CHALLENGE_CONTEXT, ...randomBytes(32)]);
  let signature: Uint8Array;
  try {
    signature = await signer.sign(challenge);
  } catch (error) {
    if (error instanceof ProvenanceError) throw new KeyPossessionError(error.message);
    throw error;
  }
  if (!verifyWithKey(signer.alg, new X509Certificate(leaf).publicKey, challenge, signature)) {
    throw new KeyPossessionError("The signer's answer to the challenge is not a signature by the signing certificate's key.");
  }
}
