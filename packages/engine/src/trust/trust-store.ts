/**
 * Trust anchors: the certificates whose signers earn a `verified` verdict, each kept with the named
 * trust list it came from and that list's tier. c2pa-rs is given every anchor, for signers or for
 * time-stamping authorities as its lists say (its context JSON is built once per store, not per
 * call), and says whether a signer and a timestamp are trusted; the store then says
 * which anchor, list and tier vouched (anchor-match.ts). `version` changes whenever the anchors or
 * their lists do, so caches of verdicts can key on it.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { chainFingerprint } from '../containers/claim-signature.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { UNTRUSTED } from '../report/trust-words.ts';
import type { TrustVerdict } from '../report/verification-report.ts';
import { findVouchingAnchor } from './anchor-match.ts';
import { createTrustVerdicts, type TrustVerdicts } from './trust-verdicts.ts';

/**
 * How much a list's word is worth: `conformant` the C2PA trust list, `legacy` a list configured as
 * legacy (such as the frozen interim trust list), `custom` any other configured list, `gateway`
 * this gateway's own root.
 */
export type TrustTier = Exclude<TrustVerdict['tier'], 'untrusted'>;

/**
 * A named trust list: a PEM bundle of anchor certificates. `timestamps` lists vouch for
 * time-stamping authorities only, never for a signer.
 */
export interface TrustList {
  name: string;
  tier: TrustTier;
  pems: readonly string[];
  purpose?: 'signers' | 'timestamps';
  /** Where the list comes from (URL or file), for `trust show` and the API. */
  source?: string | null;
  /** When this copy of the list was retrieved (fetched, or read from its file); null or absent when not known. */
  retrievedAt?: string | null;
}

/**
 * The trust a verification was made under, to keep with it: `id` is the SHA-256 over the anchors
 * in force with their lists and tiers (equal anchors, equal id), and each list is named with the
 * SHA-256 of its text and when it was retrieved. A store of snapshots by `id` reproduces the trust.
 */
export interface TrustSnapshot {
  id: string;
  lists: { name: string; sha256: string; retrievedAt: string | null }[];
}

/** A PEM text (an unnamed `custom` list) or a named trust list. */
export type TrustSource = string | TrustList;

export interface TrustAnchor {
  subject: string;
  /** Node's colon-separated upper-case SHA-256 fingerprint. */
  fingerprint256: string;
  /** Lowercase hex SHA-256 of the certificate's DER, as reports show it. */
  sha256: string;
  pem: string;
  /** The list that vouches through this anchor (the strongest, when several lists hold it). */
  list: string;
  tier: TrustTier;
  purpose: 'signers' | 'timestamps';
  certificate: X509Certificate;
}


/** The verdict for a signer no list vouches for (stated with the report's words, which the browser shares). */
export { UNTRUSTED };

export interface TrustListSummary {
  name: string;
  tier: TrustTier;
  purpose: 'signers' | 'timestamps';
  source: string | null;
  anchors: number;
}

export interface TrustStore {
  readonly anchors: readonly TrustAnchor[];
  /** The lists in force, in the order given, with how many anchors each holds. */
  readonly lists: readonly TrustListSummary[];
  /** Hash of the anchors and their lists: equal stores give equal versions (the snapshot's id, shortened). */
  readonly version: string;
  /** What a verification under this store records of it (verification.evidence.trustSnapshot). */
  readonly snapshot: TrustSnapshot;
  /** The c2pa-rs context JSON for a reader that checks trust against these anchors. */
  readonly readerContext: string;
  /** The same, allowing c2pa-wasm to ask for a remote manifest (served from memory by the engine). */
  readonly remoteReaderContext: string;
  /** c2pa-rs's trust verdicts by signer chain, so anchors are parsed once per chain, not per read. */
  readonly verdicts: TrustVerdicts;
  /** The list and anchor a signer's DER chain (leaf first) ends at, or `untrusted`. */
  vouch(chain: readonly Uint8Array[] | null): TrustVerdict;
}

/** When one anchor is on several lists, the strongest list speaks for it. */
const TIER_RANK: Record<TrustTier, number> = { conformant: 0, gateway: 1, custom: 2, legacy: 3 };
const UNNAMED_LIST = 'trust anchors';
const MAX_VOUCHED_CHAINS = 1024;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

const sha256Of = (der: Uint8Array): string => createHash('sha256').update(der).digest('hex');

/** Node's "C=US\nO=Org\nCN=Name" as "CN=Name, O=Org, C=US", the order certificates are read in. */
const readableName = (name: string): string => name.split('\n').reverse().join(', ');

function asList(source: TrustSource): TrustList {
  return typeof source === 'string' ? { name: UNNAMED_LIST, tier: 'custom', pems: [source] } : source;
}

function parseList(list: TrustList): TrustAnchor[] {
  const anchors: TrustAnchor[] = [];
  for (const text of list.pems) {
    for (const block of text.match(PEM_BLOCK) ?? []) {
      const certificate = new X509Certificate(block);
      anchors.push({
        subject: certificate.subject,
        fingerprint256: certificate.fingerprint256,
        sha256: createHash('sha256').update(certificate.raw).digest('hex'),
        pem: certificate.toString().trim(),
        list: list.name,
        tier: list.tier,
        purpose: list.purpose ?? 'signers',
        certificate,
      });
    }
  }
  return anchors;
}

/** Parse PEM texts or lists into anchors; blocks that are not certificates are an error. */
export function parseAnchors(sources: readonly TrustSource[]): TrustAnchor[] {
  return sources.flatMap((source) => parseList(asList(source)));
}

/** A signer list outranks a timestamp list; then the tier decides. */
function stronger(a: TrustAnchor, b: TrustAnchor): boolean {
  if (a.purpose !== b.purpose) return a.purpose === 'signers';
  return TIER_RANK[a.tier] < TIER_RANK[b.tier];
}

export function createTrustStore(sources: readonly TrustSource[]): TrustStore {
  const lists = sources.map(asList);
  const unique = new Map<string, TrustAnchor>();
  // Each anchor goes to c2pa-rs for every purpose a list gives it (one on a signer list and on a
  // time-stamping list vouches for both), though `anchors` keeps only its strongest list.
  const pemsByPurpose: Record<TrustAnchor['purpose'], Map<string, string>> = { signers: new Map(), timestamps: new Map() };
  // Anchors that vouch for organisations and people named by CAWG identity assertions: every signer
  // list's but the C2PA trust list's, which vouches for products (claim generators), not for whom
  // they name (CAWG 1.3 §8.2: an identity trust list need not be the C2PA one).
  const identityPems = new Map<string, string>();
  const summaries: TrustListSummary[] = [];
  for (const list of lists) {
    const parsed = parseList(list);
    summaries.push({ name: list.name, tier: list.tier, purpose: list.purpose ?? 'signers', source: list.source ?? null, anchors: parsed.length });
    for (const anchor of parsed) {
      const known = unique.get(anchor.sha256);
      if (!known || stronger(anchor, known)) unique.set(anchor.sha256, anchor);
      pemsByPurpose[anchor.purpose].set(anchor.sha256, anchor.pem);
      if (anchor.purpose === 'signers' && list.tier !== 'conformant') identityPems.set(anchor.sha256, anchor.pem);
    }
  }
  const anchors = [...unique.values()];
  const snapshotId = createHash('sha256')
    .update(anchors.map((anchor) => `${anchor.sha256} ${anchor.tier} ${anchor.purpose} ${anchor.list}`).sort().join('\n'))
    .digest('hex');
  const version = snapshotId.slice(0, 16);
  const snapshot: TrustSnapshot = {
    id: snapshotId,
    lists: lists.map((list) => ({ name: list.name, sha256: createHash('sha256').update(list.pems.join('\n')).digest('hex'), retrievedAt: list.retrievedAt ?? null })),
  };
  const pems = { anchorsPem: [...pemsByPurpose.signers.values()].join('\n'), identityAnchorsPem: [...identityPems.values()].join('\n'), timestampAnchorsPem: [...pemsByPurpose.timestamps.values()].join('\n') };
  const signerAnchors = anchors.filter((anchor) => anchor.purpose === 'signers');
  const vouched = new Map<string, TrustVerdict>();
  return {
    anchors,
    lists: summaries,
    version,
    snapshot,
    readerContext: readerSettings(pems),
    remoteReaderContext: readerSettings({ ...pems, remoteManifestFetch: true }),
    verdicts: createTrustVerdicts(),
    vouch(chain) {
      if (!chain || chain.length === 0 || signerAnchors.length === 0) return UNTRUSTED;
      // The same few chains sign most assets: walking one costs a signature check per link.
      const key = chainFingerprint(chain);
      const known = vouched.get(key);
      if (known) return known;
      const anchor = findVouchingAnchor(chain, signerAnchors, stronger, sha256Of);
      const verdict: TrustVerdict = anchor ? { tier: anchor.tier, list: anchor.list, anchor: { subject: readableName(anchor.subject), sha256: anchor.sha256 } } : UNTRUSTED;
      if (vouched.size >= MAX_VOUCHED_CHAINS) vouched.clear();
      vouched.set(key, verdict);
      return verdict;
    },
  };
}

/** No anchors at all: manifests can be intact (`partial`) but never `verified`. */
export const NO_TRUST: TrustStore = createTrustStore([]);
