/**
 * The trust lists a verifier uses, loaded the same way by the CLI and the server: the bundled C2PA
 * lists (tier conformant), the local PKI's root (tier gateway, so our own signatures verify), the
 * lists of TRUST_LISTS (custom or legacy) and the PEM files of TRUST_ANCHORS (custom, each named
 * after its file). Every list is read and checked before any is trusted.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { bundledTrustLists } from './bundled-lists.ts';
import { isUrl, type TrustListSpec } from './trust-list-setting.ts';
import { createTrustStore, parseAnchors, type TrustList, type TrustStore } from './trust-store.ts';

export interface TrustSources {
  /** PEM files of further anchors (TRUST_ANCHORS, the CLI's --trust-anchors): tier custom. */
  anchorFiles: readonly string[];
  /**
   * PEM files of time-stamping authorities' roots (TSA_TRUST_ANCHORS, the CLI's --tsa-anchors):
   * they vouch for a timestamp's authority only, never for a signer.
   */
  tsaAnchorFiles?: readonly string[];
  /** The local PKI's root certificate, when there is one and it is to be trusted: tier gateway. */
  localRootPem?: string | null;
  /** Trust the bundled C2PA trust list and TSA trust list (the server and the CLI do by default). */
  bundledLists?: boolean;
  /** Named lists of TRUST_LISTS. */
  lists?: readonly TrustListSpec[];
  /** Reads a list given by URL; without one, a URL list is refused (the engine never fetches). */
  fetchList?: (url: string) => Promise<string>;
}

export interface LoadedTrust {
  trust: TrustStore;
  /** The named lists the store was made from, for engine workers that build their own. */
  lists: TrustList[];
  /** The PEM texts of every list, in the same order. */
  anchorPems: string[];
}

/** The name the gateway's own root is listed under. */
export const GATEWAY_LIST_NAME = 'gateway root';

/** A named list or anchor file that cannot be read or holds something that is not a certificate. */
export class TrustAnchorFileError extends Error {
  override readonly name = 'TrustAnchorFileError';
  constructor(
    readonly file: string,
    readonly reason: 'unreadable' | 'not_certificate',
    readonly list: string | null = null,
  ) {
    super(
      `${list ? `trust list '${list}': ` : ''}${reason === 'unreadable' ? `Cannot read trust anchors from ${file}` : `${file} holds something that is not a certificate`}`,
    );
  }
}

async function readList(location: string, fetchList: TrustSources['fetchList'], list: string | null): Promise<string> {
  const text = await (isUrl(location) ? (fetchList ? fetchList(location) : Promise.reject(new Error('no fetcher'))) : readFile(location, 'utf8')).catch(() => {
    throw new TrustAnchorFileError(location, 'unreadable', list);
  });
  let count = 0;
  try {
    count = parseAnchors([text]).length;
  } catch {
    throw new TrustAnchorFileError(location, 'not_certificate', list);
  }
  // A list with no certificate at all is a mistake (an HTML error page, a wrong file), not "trust nothing".
  if (count === 0) throw new TrustAnchorFileError(location, 'not_certificate', list);
  return text;
}

/** Read and check every list and anchor file, then build one trust store of them. */
export async function loadTrust(sources: TrustSources): Promise<LoadedTrust> {
  const configured = await Promise.all(
    (sources.lists ?? []).map(async (spec): Promise<TrustList> => ({ name: spec.name, tier: spec.tier, source: spec.location, pems: [await readList(spec.location, sources.fetchList, spec.name)] })),
  );
  const files = await Promise.all(
    sources.anchorFiles.map(async (file): Promise<TrustList> => ({ name: basename(file), tier: 'custom', source: file, pems: [await readList(file, undefined, null)] })),
  );
  const tsaFiles = await Promise.all(
    (sources.tsaAnchorFiles ?? []).map(async (file): Promise<TrustList> => ({ name: basename(file), tier: 'custom', purpose: 'timestamps', source: file, pems: [await readList(file, undefined, null)] })),
  );
  const lists: TrustList[] = [
    ...(sources.bundledLists ? bundledTrustLists() : []),
    ...(sources.localRootPem ? [{ name: GATEWAY_LIST_NAME, tier: 'gateway' as const, source: null, pems: [sources.localRootPem] }] : []),
    ...configured,
    ...files,
    ...tsaFiles,
  ];
  return { trust: createTrustStore(lists), lists, anchorPems: lists.flatMap((list) => list.pems) };
}
