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

export function createTrustStore(pemTexts: readonly string[]): TrustStore {
  const unique = new Map<string, TrustAnchor>();
  for (const anchor of parseAnchors(pemTexts)) unique.set(anchor.fingerprint256, anchor);
  const anchors = [...unique.values()];
  const version = createHash('sha256')
    .update(anchors.map((anchor) => anchor.fingerprint256).sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
  const anchorsPem = anchors.map((anchor) => anchor.pem).join('\n');
  return {
    anchors,
    version,
    readerContext: readerSettings({ anchorsPem }),
    remoteReaderContext: readerSettings({ anchorsPem, remoteManifestFetch: true }),
    verdicts: createTrustVerdicts(),
  };
}

/** No anchors at all: manifests can be intact (`partial`) but never `verified`. */
export const NO_TRUST: TrustStore = createTrustStore([]);
