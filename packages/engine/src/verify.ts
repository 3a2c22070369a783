/**
 * verify: an asset (bytes, a file on disk, an upload still arriving: asset-source.ts) + MIME type +
 * trust → the verification, from a real c2pa-rs validation, saying which trust list vouched for the
 * signer; `answer` says its form (the response, with the signing credential for a revocation check,
 * or serialized for keeping and answering HTTP).
 * A file without Content Credentials is `unsigned`, not an error; unreadable, hostile or
 * unsupported files raise typed errors.
 *
 * An asset not held in memory is read as the engine asks: a BMFF file or a JPEG or PNG is hashed as
 * its bytes stream, c2pa-wasm given only its manifest prefix; anything else is read by c2pa-wasm
 * through the source. Memory stays bounded by the chunks in flight, not the file's size.
 */
import { signerChain } from './containers/claim-signature.ts';
import { identityCredentials as identityChains } from './containers/identity-signature.ts';
import { identityRevocationNotChecked } from './revocation/apply-identity-revocation.ts';
import { identityRevocationCredentialsOf, signingCredentialOf, type IdentityRevocationCredential, type SigningCredential } from './revocation/signing-credential.ts';
import { readWithSidecar } from './sidecar/sidecar-read.ts';
import { ProvenanceError, UnsupportedFormatError } from './errors.ts';
import { findFormat } from './formats.ts';
import { buildVerifyResponse, unsignedResponse } from './report/build-report.ts';
import { signerCertificates } from './report/signer-certificates.ts';
import { attachThumbnails } from './report/thumbnails.ts';
import { serializeVerification, type SerializedVerification, type VerifyResponse } from './report/verification-report.ts';
import { NO_TRUST, type TrustStore } from './trust/trust-store.ts';
import { readTrusted, readWithTrust, type TrustedReadOptions } from './trust/trusted-read.ts';
import type { StoreRead } from './c2pa/store-read.ts';
import { isMemorySource, type ByteSource } from './byte-source.ts';
import { withByteSource, type AssetSource } from './asset-source.ts';
import { nativeBmff } from './hard-binding/bmff-read.ts';
import { nativeDataHashSource } from './hard-binding/data-hash-source-read.ts';
import { sourceReads } from './hard-binding/source-read.ts';
import { crJsonReport } from './report/crjson.ts';
import { withValidationTime } from './c2pa/validation-clock.ts';
import type { RevocationCheck } from './report/verification-report.ts';

export interface VerifyOptions extends TrustedReadOptions {
  trust?: TrustStore;
  /** Attach thumbnails (manifest and ingredients) as data: URLs. */
  thumbnails?: boolean;
  /** The asset's manifest store kept beside it (a .c2pa sidecar): the asset is verified against it. */
  manifest?: Uint8Array;
  /**
   * Validate as of this instant (c2pa/validation-clock.ts): the thread's clock is pinned meanwhile,
   * so only a thread doing nothing else may ask (the CLI, an engine worker taking no other task).
   */
  at?: Date;
  /**
   * Record what the verdict was made under (verification.evidence: the trust snapshot and the
   * validation time), as answers that are kept or shown must; always with `at` or a serialized answer.
   */
  evidence?: boolean;
}

/** The answer's form: the response; with the signing credential (a revocation check follows); serialized. */
export type VerifyAnswer = 'report' | 'credentialed' | 'serialized';

export interface SerializedVerifyOptions extends VerifyOptions {
  answer: 'serialized';
  /** Also answer c2pa-rs's crJSON of the file (SerializedVerification.crJson); bytes in memory only. */
  crJson?: boolean;
}

/** A verification and the signing credential whose revocation the caller may ask about (revocation-step.ts). */
export interface CredentialedVerification {
  response: VerifyResponse;
  /** Null when unsigned, when the chain has no issuer, or when c2pa-rs answered from a stapled OCSP response. */
  signingCredential: SigningCredential | null;
  /** The named actors' credentials (CAWG identity assertions) whose revocation the caller may ask about; absent when none or not to be asked. */
  identityCredentials?: IdentityRevocationCredential[];
  /**
   * The earliest notAfter (ms) among the certificates of every signer chain in the store, if any: the
   * verdict may change then (a signature without a trusted timestamp stops validating), so whoever
   * keeps it must not keep it longer.
   */
  certificatesEnd?: number;
}

export function verify(source: AssetSource, mimeType: string, options: VerifyOptions & { answer: 'credentialed' }): Promise<CredentialedVerification>;
export function verify(source: AssetSource, mimeType: string, options: SerializedVerifyOptions): Promise<SerializedVerification>;
// Last, as the one ReturnType<typeof verify> names.
export function verify(source: AssetSource, mimeType: string, options?: VerifyOptions & { answer?: 'report' }): Promise<VerifyResponse>;
export async function verify(
  source: AssetSource,
  mimeType: string,
  options: VerifyOptions & { answer?: VerifyAnswer; crJson?: boolean } = {},
): Promise<VerifyResponse | CredentialedVerification | SerializedVerification> {
  const { answer = 'report', crJson, ...verifyOptions } = options;
  if (crJson && !(source instanceof Uint8Array)) throw new ProvenanceError('unsupported_format', 'crJSON is made of a file read in memory: a file this large is verified from disk');
  // A serialized verdict is an answer to keep or show: it says what it was made under.
  const made = await withByteSource(source, (bytes) => verifySource(bytes, mimeType, answer === 'serialized' ? { ...verifyOptions, evidence: true } : verifyOptions));
  if (answer === 'report') return made.response;
  if (answer === 'credentialed') return made;
  const serialized = serializeVerification(made.response, made.signingCredential, made.certificatesEnd, made.identityCredentials);
  if (crJson && source instanceof Uint8Array) serialized.crJson = await crJsonReport(source, mimeType, { ...(verifyOptions.trust && { trust: verifyOptions.trust }), ...(verifyOptions.at && { at: verifyOptions.at }) });
  return serialized;
}

/**
 * An OCSP response stapled in the signature (its rVals header) is checked by c2pa-rs itself, which
 * never fetches one (its ocsp_fetch setting stays off): its codes say the answer.
 */
function stapledRevocation(response: VerifyResponse): VerifyResponse['verification']['revocation'] {
  const { success, failure } = response.report.codes;
  const revoked = failure.some((code) => code.code === 'signingCredential.ocsp.revoked');
  if (!revoked && !success.some((code) => code.code === 'signingCredential.ocsp.notRevoked')) return undefined;
  return { status: revoked ? 'revoked' : 'good', source: 'stapled', responder: null, checkedAt: null, revokedAt: null, reason: null };
}

/** The verification of bytes in memory. */
async function verifyBytes(bytes: Uint8Array, mimeType: string, options: VerifyOptions): Promise<CredentialedVerification> {
  const { at, ...now } = options;
  if (at) return verificationAsOf(at, () => verifyBytes(bytes, mimeType, now));
  const format = findFormat(mimeType);
  if (!format) throw new UnsupportedFormatError(mimeType);
  const read = options.manifest
    ? await readWithSidecar(format.mime, bytes, options.manifest, (options.trust ?? NO_TRUST).readerContext)
    : await readWithTrust(format.mime, bytes, options.trust ?? NO_TRUST, options);
  return verificationOf(read, format.mime, options);
}

/** The verification of an asset read through a ByteSource (in memory, the bytes' own). */
async function verifySource(source: ByteSource, mimeType: string, options: VerifyOptions): Promise<CredentialedVerification> {
  const { at, ...now } = options;
  if (at) return verificationAsOf(at, () => verifySource(source, mimeType, now));
  // In memory, or checked against a sidecar (which reads the asset whole): the ordinary path.
  if (isMemorySource(source)) return verifyBytes(source.bytes, mimeType, options);
  if (options.manifest) return verifyBytes(await source.read(0, source.size), mimeType, options);
  const format = findFormat(mimeType);
  if (!format) throw new UnsupportedFormatError(mimeType);
  // A source c2pa-wasm cannot read through a Blob (no synchronous reads: an upload still arriving)
  // of a format without a native read from a source is read whole, then verified as bytes.
  if (!source.readSync && !nativeBmff(format.mime, options) && !nativeDataHashSource(format.mime, options)) {
    return verifyBytes(await source.read(0, source.size), mimeType, options);
  }
  const read = await readTrusted(sourceReads(format.mime, source, options), options.trust ?? NO_TRUST, options);
  return verificationOf(read, format.mime, options);
}

/** The verification of a store read (null: the asset carries no manifest); frees the reader. */
function verificationOf(read: StoreRead | null, mime: string, options: VerifyOptions): CredentialedVerification {
  const trust = options.trust ?? NO_TRUST;
  // Read under a pinned clock (validation-clock.ts), "now" is the declared time.
  const evidence = options.evidence || options.at ? { trustSnapshot: trust.snapshot, validatedAt: new Date().toISOString() } : undefined;
  if (!read) {
    const response = unsignedResponse(mime);
    if (evidence) response.verification.evidence = evidence;
    return { response, signingCredential: null };
  }
  const { reader, store, storeBytes } = read;
  try {
    // Which list vouched for a manifest's signer: the chain its signature carries, matched to an anchor.
    const vouchFor = (label: string) => trust.vouch(storeBytes ? signerChain(storeBytes, label) : null);
    const certificates = signerCertificates(storeBytes, store);
    const response = buildVerifyResponse(store, mime, certificates, vouchFor);
    if (evidence) response.verification.evidence = evidence;
    if (options.thumbnails) attachThumbnails(response, (identifier) => reader.resourceToBytes(identifier));
    const stapled = stapledRevocation(response);
    if (stapled) response.verification.revocation = stapled;
    const label = store.active_manifest;
    const chain = !stapled && label && storeBytes ? signerChain(storeBytes, label) : null;
    const ends = [...certificates.values()].flatMap((details) => (details.chainNotAfter === undefined ? [] : [details.chainNotAfter]));
    const { timestamp } = response.report;
    const identityCredentials = label && storeBytes && response.verification.identities?.length ? identityRevocationCredentialsOf(identityChains(storeBytes, label), timestamp?.trusted ? timestamp.time : null) : [];
    return {
      response,
      signingCredential: signingCredentialOf(chain, response.report.signedAt),
      ...(identityCredentials.length > 0 && { identityCredentials }),
      ...(ends.length > 0 && { certificatesEnd: Math.min(...ends) }),
    };
  } finally {
    reader.free();
  }
}

/**
 * A verification made as of `at`: validated under the pinned clock, and saying so
 * (`verification.evidence.validatedAt`). Revocation is not asked (an OCSP responder answers for now,
 * not for then), so no signing credential is handed on for it; a stapled answer, read by c2pa-rs
 * from the file itself, stays.
 */
async function verificationAsOf(at: Date, verification: () => Promise<CredentialedVerification>): Promise<CredentialedVerification> {
  const { response, certificatesEnd } = await withValidationTime(at, verification);
  const validatedAt = at.toISOString();
  const { revocation } = response.verification;
  const notAsked: RevocationCheck = { status: 'not_checked', source: 'ocsp', responder: null, checkedAt: null, revokedAt: null, reason: `Validated as of ${validatedAt}: an OCSP responder answers for now, not for then, so revocation was not asked` };
  // As for the signer: a verdict as of a declared time asks nobody about revocation, and says so.
  const identitiesNotAsked: RevocationCheck = { ...notAsked, source: 'gateway', reason: `Validated as of ${validatedAt}: revocation is asked for now, not for then, so it was not asked` };
  return {
    response: {
      ...identityRevocationNotChecked(response, identitiesNotAsked),
      verification: {
        ...response.verification,
        // The engine recorded the declared time as the validation time, the clock being pinned to it.
        evidence: { ...response.verification.evidence, validatedAt },
        ...(response.report.signer && { revocation: revocation?.source === 'stapled' ? revocation : notAsked }),
      },
    },
    signingCredential: null,
    ...(certificatesEnd !== undefined && { certificatesEnd }),
  };
}
