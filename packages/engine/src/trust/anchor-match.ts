/**
 * Which trust anchor a signer's certificate chain ends at. c2pa-rs says only whether a signer is
 * trusted, not by which anchor; the report must name the list that vouched, so the chain is walked
 * here: from the leaf up, each certificate either is an anchor, or is issued (name and signature,
 * node:crypto) by one, or must be issued by the next certificate of the chain to go on.
 */
import { X509Certificate } from 'node:crypto';

export interface MatchableAnchor {
  sha256: string;
  subject: string;
  certificate: X509Certificate;
}

function parse(der: Uint8Array): X509Certificate | null {
  try {
    return new X509Certificate(der);
  } catch {
    return null;
  }
}

function issuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/**
 * The strongest anchor (by `stronger`) that the chain (DER, leaf first) reaches, or null. Anchors
 * are compared by their DER's SHA-256, so the same certificate in a chain and on a list match.
 */
export function findVouchingAnchor<Anchor extends MatchableAnchor>(
  chain: readonly Uint8Array[],
  anchors: readonly Anchor[],
  stronger: (a: Anchor, b: Anchor) => boolean,
  sha256Of: (der: Uint8Array) => string,
): Anchor | null {
  const bySha = new Map(anchors.map((anchor) => [anchor.sha256, anchor]));
  let best: Anchor | null = null;
  const consider = (anchor: Anchor) => {
    if (!best || stronger(anchor, best)) best = anchor;
  };
  const certificates = chain.map(parse);
  for (let index = 0; index < certificates.length; index += 1) {
    const certificate = certificates[index];
    if (!certificate) break;
    const same = bySha.get(sha256Of(chain[index]!));
    if (same) consider(same);
    for (const anchor of anchors) {
      if (anchor.subject === certificate.issuer && issuedBy(certificate, anchor.certificate)) consider(anchor);
    }
    // A chain that does not link up past here cannot reach an anchor through the rest.
    const next = certificates[index + 1];
    if (!next || !issuedBy(certificate, next)) break;
  }
  return best;
}
