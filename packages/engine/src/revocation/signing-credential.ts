/**
 * The signing credential whose revocation a verification can ask about: the active manifest's
 * signing certificate, its issuer (the next certificate of the x5chain), the OCSP responder the
 * certificate names in its Authority Information Access, and the time a revocation must precede to
 * void the signature. The engine never asks anyone itself; the caller does (revocation-step.ts).
 */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

export interface SigningCredential {
  /** The signing certificate, DER. */
  certificate: Uint8Array;
  /** The certificate that issued it, DER. */
  issuer: Uint8Array;
  /** Serial number of the signing certificate, lowercase hex. */
  serialNumber: string;
  /** The OCSP responder (http or https URL) the certificate names, or null. */
  responder: string | null;
  /**
   * When the claim was signed: the timestamp's time when the signature carries one (c2pa-rs reports
   * it as the signature's time), else the time the manifest claims. A revocation after it leaves
   * the signature standing.
   */
  signedAt: string | null;
}

/** The first http(s) OCSP URL of the certificate's AIA, or null. */
function ocspResponder(certificate: x509.X509Certificate): string | null {
  const access = certificate.getExtension(x509.AuthorityInfoAccessExtension);
  for (const name of access?.ocsp ?? []) {
    if (name.type === 'url' && /^https?:\/\//i.test(name.value)) return name.value;
  }
  return null;
}

/**
 * Serial number and responder by signing certificate (DER as latin1): parsing one costs more than
 * the rest of verifying a large video's manifest, and a gateway sees the same signers again and again.
 */
const parsedLeaves = new Map<string, { serialNumber: string; responder: string | null } | null>();
const PARSED_LEAVES_KEPT = 256;

function parseLeaf(leaf: Uint8Array): { serialNumber: string; responder: string | null } | null {
  const key = Buffer.from(leaf.buffer, leaf.byteOffset, leaf.byteLength).toString('latin1');
  if (parsedLeaves.has(key)) return parsedLeaves.get(key)!;
  let parsed: { serialNumber: string; responder: string | null } | null;
  try {
    const certificate = new x509.X509Certificate(new Uint8Array(leaf));
    parsed = { serialNumber: certificate.serialNumber.toLowerCase(), responder: ocspResponder(certificate) };
  } catch {
    // A certificate that cannot be parsed here was judged by c2pa-rs already; there is nothing to ask.
    parsed = null;
  }
  if (parsedLeaves.size >= PARSED_LEAVES_KEPT) parsedLeaves.delete(parsedLeaves.keys().next().value!);
  parsedLeaves.set(key, parsed);
  return parsed;
}

/** The credential of a signer chain (signing certificate first), or null without an issuer in the chain. */
export function signingCredentialOf(chain: readonly Uint8Array[] | null, signedAt: string | null): SigningCredential | null {
  const [leaf, issuer] = chain ?? [];
  if (!leaf || !issuer) return null;
  const parsed = parseLeaf(leaf);
  return parsed && { certificate: leaf, issuer, ...parsed, signedAt };
}

/** A named actor's credential (a CAWG identity assertion's), whose revocation the caller may ask about. */
export interface IdentityRevocationCredential {
  /** The identity assertion's label (`cawg.identity`, `cawg.identity__1`…). */
  label: string;
  /**
   * Its certificate and issuer. `signedAt` is the time of the claim's trusted timestamp, else null:
   * the assertion is hashed into the claim, so a trusted timestamp on the claim shows the identity
   * signature existed then; without one the revocation counts as of now, as c2pa-rs counts a claim
   * signer's (a time the manifest merely states proves nothing).
   */
  credential: SigningCredential;
}

/** The credentials of a manifest's identity assertions (their chains, certificate first) that name an issuer. */
export function identityRevocationCredentialsOf(identities: readonly { label: string; chain: readonly Uint8Array[] }[], trustedTimestamp: string | null): IdentityRevocationCredential[] {
  return identities.flatMap(({ label, chain }) => {
    const credential = signingCredentialOf(chain, trustedTimestamp);
    return credential ? [{ label, credential }] : [];
  });
}
