/**
 * The organisation as a CAWG named actor: a `cawg.identity` assertion (CAWG Identity Assertion 1.3,
 * §8.2 X.509 certificates and COSE signatures, sig_type `cawg.x509.cose`) signed with the
 * organisation's own credential, beside the claim the product signs. c2pa-wasm builds the assertion
 * (the signer payload naming the hard binding and the assertions the organisation vouches for, and
 * its `pad1`/`pad2`); this module answers its `sign(payload)` with the COSE_Sign1 c2pa-rs's
 * X.509 credential holder makes: protected header {alg, x5chain (33)}, the payload detached (the
 * signer payload's canonical CBOR, which a validator encodes again from the assertion), signed as
 * Sig_structure ["Signature1", protected, h'', payload], no pad, and an RFC 3161 timestamp
 * (`sigTst2`) when the claim is timestamped too.
 */
import { loadC2pa } from '../c2pa/wasm.ts';
import { ProvenanceError, SigningError } from '../errors.ts';
import { signatureLength } from './algorithms.ts';
import type { ClaimSigner } from './claim-signer.ts';
import { TIMESTAMP_TOKEN_RESERVE } from './claim-signer.ts';
import { encodeProtectedHeader, encodeUnpaddedSign1, timestampImprintInput, toBeSigned } from './cose-sign1.ts';
import type { Timestamper } from './rfc3161-timestamper.ts';
import { X509Certificate } from 'node:crypto';

export const CAWG_IDENTITY_LABEL = 'cawg.identity';
export const CAWG_X509_SIG_TYPE = 'cawg.x509.cose';

/**
 * Who the manifest names as its actor: the organisation's X.509 credential (a key here or a remote
 * signing service: the same shape as a claim signer) and, optionally, the CAWG roles it plays.
 */
export interface NamedActor {
  credential: ClaimSigner;
  roles?: readonly string[];
}

type SignerPayload = Parameters<ReturnType<typeof loadC2pa>['encodeSignerPayload']>[0];

/** What c2pa-wasm's WasmBuilder.sign takes for each identity assertion (its `IdentityAssertionDefinition`). */
export interface IdentityAssertionDefinition {
  sigType: string;
  reserveSize: number;
  referencedAssertions: string[];
  roles: string[];
  sign: (payload: SignerPayload) => Promise<Uint8Array<ArrayBuffer>>;
  /** The engine error that failed the last `sign` call (c2pa-wasm passes on only its text). */
  failure?: ProvenanceError;
}

/**
 * Labels of assertions a manifest's own definition writes that the organisation vouches for: what
 * was done (actions), what it says of the work (metadata), what it was made from (the parent
 * ingredient) and its soft binding. c2pa-wasm always adds the hard binding itself.
 */
export function vouchedLabels(assertions: readonly { label: string }[], withIngredient: boolean): string[] {
  const labels = new Set(assertions.map((assertion) => assertion.label).filter((label) => !label.startsWith('c2pa.hash.') && label !== CAWG_IDENTITY_LABEL));
  if (withIngredient) for (const label of ['c2pa.ingredient.v3', 'c2pa.ingredient.v2', 'c2pa.ingredient']) labels.add(label);
  return [...labels];
}

// The longest form a referenced assertion's URL and hash can take (a full JUMBF URI and SHA-512),
// so the reserve holds the signer payload whatever c2pa-rs writes.
const LONGEST_URL_PREFIX = 'self#jumbf=/c2pa/urn:c2pa:00000000-0000-0000-0000-000000000000:provenance-gateway/c2pa.assertions/';
const HARD_BINDING_LABELS = ['c2pa.hash.bmff.v3', 'c2pa.hash.data'];
// CBOR of the assertion's own map (keys signer_payload, signature, pad1, pad2 and their heads) and
// the 15 + 6 bytes c2pa-wasm keeps when it pads (wasm_identity_assertion.rs).
const ASSERTION_FRAMING = 96;

function rsaModulusBits(chain: readonly Uint8Array[]): number | undefined {
  return chain[0] ? new X509Certificate(chain[0]).publicKey.asymmetricKeyDetails?.modulusLength : undefined;
}

/** The bytes c2pa-wasm reserves for the whole assertion: the signer payload at its longest, the COSE_Sign1 and the framing. */
export function identityReserveSize(actor: NamedActor, referencedLabels: readonly string[], options: { timestamps?: boolean; timestampReserve?: number } = {}): number {
  const { credential } = actor;
  const { encodeSignerPayload } = loadC2pa();
  const payload = encodeSignerPayload({
    sigType: CAWG_X509_SIG_TYPE,
    roles: [...(actor.roles ?? [])],
    referencedAssertions: [...HARD_BINDING_LABELS, ...referencedLabels].map((label) => ({ url: LONGEST_URL_PREFIX + label + '__99', alg: 'sha512', hash: new Uint8Array(64) })),
  });
  const header = encodeProtectedHeader(credential.alg, credential.certificateChain);
  const token = options.timestamps ? new Uint8Array(options.timestampReserve ?? TIMESTAMP_TOKEN_RESERVE) : undefined;
  const cose = encodeUnpaddedSign1(header, new Uint8Array(signatureLength(credential.alg, rsaModulusBits(credential.certificateChain))), token).byteLength;
  return payload.byteLength + cose + (credential.reserveSlack ?? 0) + ASSERTION_FRAMING;
}

/**
 * The COSE_Sign1 over a signer payload's CBOR, as CAWG §8.2 and c2pa-rs's X.509 credential holder
 * make it: the payload detached, no pad, a `sigTst2` timestamp over this signature when a
 * timestamper is given.
 */
export async function signIdentityPayload(credential: ClaimSigner, signerPayloadCbor: Uint8Array, timestamper?: Timestamper): Promise<Uint8Array> {
  const header = encodeProtectedHeader(credential.alg, credential.certificateChain);
  const signature = await credential.sign(toBeSigned(header, signerPayloadCbor));
  const token = timestamper ? await timestamper(timestampImprintInput(header, signature)) : undefined;
  return encodeUnpaddedSign1(header, signature, token);
}

/** The definition c2pa-wasm's builder is given for the actor's identity assertion. */
export function toIdentityAssertionDefinition(actor: NamedActor, referencedLabels: readonly string[], options: { timestamper?: Timestamper } = {}): IdentityAssertionDefinition {
  const { encodeSignerPayload } = loadC2pa();
  const definition: IdentityAssertionDefinition = {
    sigType: CAWG_X509_SIG_TYPE,
    reserveSize: identityReserveSize(actor, referencedLabels, { timestamps: Boolean(options.timestamper) }),
    referencedAssertions: [...referencedLabels],
    roles: [...(actor.roles ?? [])],
    sign: async (payload) => {
      try {
        const signed = await signIdentityPayload(actor.credential, encodeSignerPayload(payload), options.timestamper);
        return new Uint8Array(signed);
      } catch (error) {
        const failure = error instanceof ProvenanceError ? error : new SigningError(`The organisation's identity assertion could not be signed: ${error instanceof Error ? error.message : String(error)}`);
        definition.failure = failure;
        throw failure;
      }
    },
  };
  return definition;
}
