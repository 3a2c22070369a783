/**
 * Trust anchors: the root certificates whose signers earn a `verified` verdict. Loaded once from
 * PEM text; the c2pa-rs context JSON is built once per store (not per call), and `version`
 * changes whenever the anchors do, so caches of verdicts can key on it.
 */
import { X509Certificate, createHash } from 'node:crypto';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { createTrustVerdicts, type TrustVerdicts } from './trust-verdicts.ts';

export interface TrustAnchor {
  subject: string;
  fingerprint256: string;
  pem: string;
}

export interface TrustStore {
  readonly anchors: readonly TrustAnchor[];
  /** Hash of the anchor set: equal stores give equal versions. */
  readonly version: string;
  /** The c2pa-rs context JSON for a reader that checks trust against these anchors. */
  readonly readerContext: string;
  /** The same, allowing c2pa-wasm to ask for a remote manifest (served from memory by the engine). */
  readonly remoteReaderContext: string;
  /** c2pa-rs's trust verdicts by signer chain, so anchors are parsed once per chain, not per read. */
  readonly verdicts: TrustVerdicts;
  /**
   * A context checking trust against only the anchors that can anchor these signer chains (DER,
   * leaf first): those whose subject is the subject or issuer of one of their certificates.
   * c2pa-rs parses every anchor it is given on every check, so a store of 22 manifests read with
   * the whole C2PA trust list spends more on parsing anchors than on validating; an anchor whose
   * name matches no certificate of a chain cannot anchor it, so leaving it out cannot change a
   * verdict (the corpus suites compare every file with c2pa-rs's reference verdicts).
   */
  contextForChains(chains: readonly (readonly Uint8Array[])[]): string;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Parse one or more PEM texts into anchors; blocks that are not certificates are an error. */
export function parseAnchors(pemTexts: readonly string[]): TrustAnchor[] {
  const anchors: TrustAnchor[] = [];
  for (const text of pemTexts) {
    for (const block of text.match(PEM_BLOCK) ?? []) {
      const certificate = new X509Certificate(block);
      anchors.push({ subject: certificate.subject, fingerprint256: certificate.fingerprint256, pem: certificate.toString().trim() });
    }
  }
  return anchors;
}

const MAX_KNOWN_NAMES = 4096;
const MAX_CONTEXTS = 256;
/** Subject and issuer of a DER certificate (null: unparseable), remembered by its bytes. */
const knownNames = new Map<string, { subject: string; issuer: string } | null>();

function namesOf(der: Uint8Array): { subject: string; issuer: string } | null {
  const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('base64');
  let names = knownNames.get(key);
  if (names === undefined) {
    try {
      const certificate = new X509Certificate(der);
      names = { subject: certificate.subject, issuer: certificate.issuer };
    } catch {
      names = null;
    }
    if (knownNames.size >= MAX_KNOWN_NAMES) knownNames.clear();
    knownNames.set(key, names);
  }
  return names;
}

export function createTrustStore(pemTexts: readonly string[]): TrustStore {
  const unique = new Map<string, TrustAnchor>();
  for (const anchor of parseAnchors(pemTexts)) unique.set(anchor.fingerprint256, anchor);
  const anchors = [...unique.values()];
  const version = createHash('sha256')
    .update(anchors.map((anchor) => anchor.fingerprint256).sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
  const anchorsPem = anchors.map((anchor) => anchor.pem).join('\n');
  const readerContext = readerSettings({ anchorsPem });
  const bySubject = new Map<string, TrustAnchor[]>();
  for (const anchor of anchors) bySubject.set(anchor.subject, [...(bySubject.get(anchor.subject) ?? []), anchor]);
  const contexts = new Map<string, string>();
  return {
    anchors,
    version,
    readerContext,
    remoteReaderContext: readerSettings({ anchorsPem, remoteManifestFetch: true }),
    verdicts: createTrustVerdicts(),
    contextForChains(chains) {
      const selected = new Set<TrustAnchor>();
      for (const chain of chains) {
        for (const der of chain) {
          const names = namesOf(der);
          // A certificate we cannot read: give c2pa-rs every anchor, as without this narrowing.
          if (!names) return readerContext;
          for (const anchor of [...(bySubject.get(names.subject) ?? []), ...(bySubject.get(names.issuer) ?? [])]) selected.add(anchor);
        }
      }
      if (selected.size === anchors.length) return readerContext;
      // None can anchor these chains: one anchor all the same, so c2pa-rs still checks trust (and
      // reports the signers untrusted) as it does with the whole list.
      const subset = selected.size > 0 ? [...selected] : anchors.slice(0, 1);
      const key = subset.map((anchor) => anchor.fingerprint256).sort().join(',');
      let context = contexts.get(key);
      if (!context) {
        context = readerSettings({ anchorsPem: subset.map((anchor) => anchor.pem).join('\n') });
        if (contexts.size >= MAX_CONTEXTS) contexts.clear();
        contexts.set(key, context);
      }
      return context;
    },
  };
}

/** No anchors at all: manifests can be intact (`partial`) but never `verified`. */
export const NO_TRUST: TrustStore = createTrustStore([]);
