/**
 * The trust anchors a verifier uses, loaded the same way by the CLI and the server: the local
 * PKI's root (so our own signatures verify) plus the PEM files the operator names.
 */
import { readFile } from 'node:fs/promises';
import { createTrustStore, parseAnchors, type TrustStore } from './trust-store.ts';

export interface TrustSources {
  /** PEM files of further anchors (TRUST_ANCHORS, the CLI's --trust-anchors). */
  anchorFiles: readonly string[];
  /** The local PKI's root certificate, when there is one and it is to be trusted. */
  localRootPem?: string | null;
}

export interface LoadedTrust {
  trust: TrustStore;
  /** The PEM texts the store was made from, for engine workers that build their own. */
  anchorPems: string[];
}

/** A named anchor file that cannot be read or holds something that is not a certificate. */
export class TrustAnchorFileError extends Error {
  override readonly name = 'TrustAnchorFileError';
  constructor(
    readonly file: string,
    readonly reason: 'unreadable' | 'not_certificate',
  ) {
    super(reason === 'unreadable' ? `Cannot read trust anchors from ${file}` : `${file} holds something that is not a certificate`);
  }
}

async function readAnchorFile(file: string): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => {
    throw new TrustAnchorFileError(file, 'unreadable');
  });
  try {
    parseAnchors([text]);
  } catch {
    throw new TrustAnchorFileError(file, 'not_certificate');
  }
  return text;
}

/** Read and check every anchor file, then build one trust store of them and the local root. */
export async function loadTrust(sources: TrustSources): Promise<LoadedTrust> {
  const files = await Promise.all(sources.anchorFiles.map(readAnchorFile));
  const anchorPems = [...(sources.localRootPem ? [sources.localRootPem] : []), ...files];
  return { trust: createTrustStore(anchorPems), anchorPems };
}
