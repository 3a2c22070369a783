/**
 * Where the CLI finds its data (the local PKI under DATA_DIR/pki, the trust lists saved by
 * `provenance trust update` under DATA_DIR/trust-lists) and which trust lists it uses: the same as
 * the server (the official C2PA lists, the local root, TRUST_LISTS, TRUST_ANCHORS), overridable by
 * flags shared by `verify` and `trust show|update`.
 */
import { basename, join, resolve } from 'node:path';
import { readLocalPki } from '../pki/local-pki.ts';
import { loadTrust as loadTrustSources, TrustAnchorFileError } from '../trust/load-trust.ts';
import { asTrustList, checkTrustListText, lastGoodCopy, officialLists, readSavedList, savedListsDir } from '../trust/saved-lists.ts';
import { parseTrustListSetting, TrustListSettingError, type TrustListSpec } from '../trust/trust-list-setting.ts';
import { createTrustStore, type TrustStore } from '../trust/trust-store.ts';
import { createCliFetcher, fetchOrExplain } from './cli-fetcher.ts';
import { CliError } from './usage-error.ts';

export function pkiDir(dataDir: string | undefined): string {
  return join(resolve(dataDir ?? process.env['DATA_DIR'] ?? './data'), 'pki');
}

/** Where `provenance trust update` keeps the last good copy of each list, as the server does. */
export function trustListsDir(dataDir: string | undefined): string {
  return savedListsDir(dataDir ?? process.env['DATA_DIR'] ?? './data');
}

/** The parseArgs options of the trust flags. */
export const TRUST_OPTIONS = {
  'trust-anchors': { type: 'string', multiple: true },
  'tsa-anchors': { type: 'string', multiple: true },
  // The conformance harness's name for the same: a test TSA list.
  'tsa-list': { type: 'string', multiple: true },
  'trust-list': { type: 'string', multiple: true },
  'no-bundled-lists': { type: 'boolean' },
  'no-local-root': { type: 'boolean' },
  'data-dir': { type: 'string' },
} as const;

export const TRUST_HELP = `Trust (the same lists as the server):
      --trust-list NAME=URL-OR-FILE
                            a further trust list, tier custom; NAME:legacy=... counts as legacy; a
                            file alone is named after it (repeatable; also $TRUST_LISTS, comma-separated)
      --trust-anchors FILE  PEM file of trusted roots, tier custom (repeatable; also $TRUST_ANCHORS)
      --tsa-anchors FILE    PEM file of time-stamping authorities' roots: trusted for timestamps
                            only, never for signers (repeatable; also $TSA_TRUST_ANCHORS)
      --tsa-list FILE       the same, by the conformance harness's name
      --no-bundled-lists    do not trust the bundled C2PA trust list and TSA trust list
      --no-local-root       do not trust the local PKI's root (trusted by default when it exists)
      --data-dir DIR        where the local PKI and the saved trust lists live (default: $DATA_DIR or ./data)
`;

export interface TrustFlags {
  'trust-anchors'?: string[];
  'tsa-anchors'?: string[];
  'tsa-list'?: string[];
  'trust-list'?: string[];
  'no-bundled-lists'?: boolean;
  'no-local-root'?: boolean;
  'data-dir'?: string;
}

/** The lists of --trust-list and TRUST_LISTS. */
export function listSpecs(flags: readonly string[]): TrustListSpec[] {
  // A flag may name a file alone (as a conformance harness passes its test list): named after the file.
  const named = flags.map((flag) => (flag.includes('=') || /^https?:\/\//i.test(flag) ? flag : `${basename(flag)}=${flag}`));
  try {
    return parseTrustListSetting([...named, process.env['TRUST_LISTS'] ?? ''].join(','));
  } catch (error) {
    if (error instanceof TrustListSettingError) throw new CliError(`TRUST_LISTS / --trust-list: ${error.message}`);
    throw error;
  }
}

/** The trust store the flags and environment describe; a list that cannot be read stops the command. */
/** The files of a repeatable flag and of its comma-separated environment variable. */
function filesOf(flagged: readonly string[] | undefined, variable: string): string[] {
  return [...(flagged ?? []), ...(process.env[variable] ?? '').split(',').map((file) => file.trim()).filter(Boolean)];
}

export async function loadTrust(flags: TrustFlags): Promise<{ trust: TrustStore }> {
  const anchorFiles = filesOf(flags['trust-anchors'], 'TRUST_ANCHORS');
  const tsaAnchorFiles = filesOf([...(flags['tsa-anchors'] ?? []), ...(flags['tsa-list'] ?? [])], 'TSA_TRUST_ANCHORS');
  const lists = listSpecs(flags['trust-list'] ?? []);
  const pki = flags['no-local-root'] ? null : await readLocalPki(pkiDir(flags['data-dir']));
  // Lists given by URL are fetched as assets are: through the safe fetcher.
  const fetcher = lists.some((spec) => /^https?:\/\//i.test(spec.location)) ? createCliFetcher() : null;
  const savedDir = trustListsDir(flags['data-dir']);
  // A list that cannot be fetched (offline) or is not certificates falls back to the copy `trust update` saved.
  const fetchList = fetcher && (async (url: string): Promise<string> => {
    try {
      const text = new TextDecoder().decode((await fetchOrExplain(fetcher, url, `Cannot fetch the trust list at ${url}`)).bytes);
      checkTrustListText(text);
      return text;
    } catch (error) {
      const name = lists.find((spec) => spec.location === url)?.name;
      const saved = name ? await readSavedList(savedDir, name) : null;
      if (!saved || saved.source !== url) throw error;
      process.stderr.write(`provenance: trust list '${name}': ${(error as Error).message}; using the copy saved ${saved.retrievedAt}\n`);
      return saved.pem;
    }
  });
  try {
    const loaded = await loadTrustSources({
      anchorFiles,
      tsaAnchorFiles,
      localRootPem: pki?.rootCertificatePem ?? null,
      // The official lists come from the last copy `trust update` saved, else the bundled one.
      bundledLists: false,
      lists,
      ...(fetchList && { fetchList }),
    });
    const official = flags['no-bundled-lists']
      ? []
      : await Promise.all(
          officialLists().map(async (list) => {
            const copy = await lastGoodCopy(savedDir, list);
            return copy ? [asTrustList(list, copy)] : [];
          }),
        );
    return { trust: createTrustStore([...official.flat(), ...loaded.lists]) };
  } catch (error) {
    if (error instanceof TrustAnchorFileError) throw new CliError(error.message, 1);
    throw error;
  }
}
