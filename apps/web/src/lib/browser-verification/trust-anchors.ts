// The gateway's trust lists (GET /trust) as c2pa-rs in the browser uses them: every anchor at once
// for the verdict, kept apart by purpose as the server keeps them (signers, time-stamping
// authorities, and the identities of CAWG named actors), and then which list (and which anchor) vouched, asked of
// c2pa-rs itself one list at a time, strongest first, narrowing to the anchor by halves. The browser
// cannot read the signer's certificate chain, so c2pa-rs decides every step.
import type { TTrustAnchor, TTrustResponse, TTrustVerdict } from '@provenance/contracts';
import { UNTRUSTED } from '@provenance/engine/report';

type SignerList = TTrustResponse['lists'][number];

/** When one anchor is on several lists, the strongest speaks for it (the server's order). */
const TIER_RANK: Record<SignerList['tier'], number> = { conformant: 0, gateway: 1, custom: 2, legacy: 3 };

export const pemOf = (anchors: readonly TTrustAnchor[]): string => anchors.map((anchor) => anchor.pem.trim()).join('\n');

const uniquePem = (lists: readonly SignerList[]): string => {
  const unique = new Map<string, TTrustAnchor>();
  for (const list of lists) for (const anchor of list.anchors) unique.set(anchor.sha256, anchor);
  return pemOf([...unique.values()]);
};

/** The anchors c2pa-rs is given, by purpose, each once: what the server's trust store gives it. */
export interface ReaderAnchors {
  anchorsPem: string;
  timestampAnchorsPem: string;
  /** Signer lists but the C2PA one, which vouches for products, not for the actors they name (CAWG 1.3 §8.2). */
  identityAnchorsPem: string;
}

export function readerAnchors(trust: TTrustResponse): ReaderAnchors {
  return {
    anchorsPem: uniquePem(trust.lists),
    timestampAnchorsPem: uniquePem(trust.tsaLists),
    identityAnchorsPem: uniquePem(trust.lists.filter((list) => list.tier !== 'conformant')),
  };
}

/** Whether c2pa-rs trusts the signer when given only these anchors. */
export type TrustedUnder = (anchorsPem: string) => Promise<boolean>;

export async function findVouchingList(trust: TTrustResponse, trustedUnder: TrustedUnder): Promise<Omit<TTrustVerdict, 'label'>> {
  const ranked = [...trust.lists].sort((a, b) => TIER_RANK[a.tier] - TIER_RANK[b.tier]);
  for (const list of ranked) {
    if (list.anchors.length === 0 || !(await trustedUnder(pemOf(list.anchors)))) continue;
    let candidates = list.anchors;
    while (candidates.length > 1) {
      const half = candidates.slice(0, Math.ceil(candidates.length / 2));
      candidates = (await trustedUnder(pemOf(half))) ? half : candidates.slice(half.length);
    }
    const anchor = candidates[0];
    return { tier: list.tier, list: list.name, anchor: anchor ? { subject: anchor.subject, sha256: anchor.sha256 } : null };
  }
  return UNTRUSTED;
}
