/**
 * A claim signer whose key is held by a remote signing service (a KMS or HSM behind it): each
 * signature is asked for with the remote signing protocol, through the caller's safe fetcher (the
 * engine itself never reaches the network), and its length checked before c2pa-rs embeds it.
 */
import { InvalidSignerError, ProvenanceError } from '../errors.ts';
import { signatureLength, type SigningAlgorithm } from './algorithms.ts';
import { createCallbackSigner, parseCertificateChainPem, type ClaimSigner } from './claim-signer.ts';
import { authenticationHeaders, keyIdOf, WIRE_ALGORITHMS, type RemoteSigningRequest } from './remote-signing-protocol.ts';

/** POSTs a body with headers and returns the answer's bytes (the safe fetcher, or a worker's way to the parent thread). */
export type PostSigningRequest = (url: string, post: { method: 'POST'; body: Uint8Array; contentType: string; headers: Record<string, string> }) => Promise<{ bytes: Uint8Array }>;

export interface RemoteSignerSpec {
  url: string;
  secret: string;
  /** PEM, the signing certificate first. */
  certificateChainPem: string;
  alg: SigningAlgorithm;
}

export function createRemoteSigner(spec: RemoteSignerSpec, post: PostSigningRequest): ClaimSigner {
  const chain = parseCertificateChainPem(spec.certificateChainPem);
  const keyId = keyIdOf(chain[0]!);
  const alg = WIRE_ALGORITHMS[spec.alg];
  if (!alg) throw new InvalidSignerError(`The remote signer's algorithm ${spec.alg} is not one the engine signs with.`);
  return createCallbackSigner({
    alg: spec.alg,
    certificateChainPem: spec.certificateChainPem,
    async sign(data) {
      const request: RemoteSigningRequest = { alg, keyId, data: Buffer.from(data).toString('base64') };
      const body = new TextEncoder().encode(JSON.stringify(request));
      let answer: { bytes: Uint8Array };
      try {
        answer = await post(spec.url, { method: 'POST', body, contentType: 'application/json', headers: authenticationHeaders(spec.secret, body) });
      } catch (error) {
        throw new ProvenanceError('signing_failed', `The remote signer did not sign: ${error instanceof Error ? error.message : String(error)}`);
      }
      let signature: Buffer;
      try {
        const parsed = JSON.parse(new TextDecoder().decode(answer.bytes)) as { signature?: unknown };
        if (typeof parsed.signature !== 'string') throw new Error('no signature');
        signature = Buffer.from(parsed.signature, 'base64');
      } catch {
        throw new ProvenanceError('signing_failed', 'The remote signer answered without a base64 signature');
      }
      // ECDSA and Ed25519 signatures have one length; RSA-PSS the modulus's, checked by c2pa-rs.
      if (spec.alg !== 'ps256' && signature.length !== signatureLength(spec.alg)) {
        throw new ProvenanceError('signing_failed', `The remote signer's signature is ${signature.length} bytes, not the ${signatureLength(spec.alg)} of ${alg} (COSE form: r||s for ECDSA)`);
      }
      return new Uint8Array(signature);
    },
  });
}
