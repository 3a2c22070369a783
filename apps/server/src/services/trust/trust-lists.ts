// The trust lists the server verifies with, kept current: the official C2PA lists (the last good
// copy under DATA_DIR/trust-lists, else the bundled one), the gateway's own root, the lists of
// TRUST_LISTS (files read at start, URLs fetched through the safe fetcher with a short limit) and the
// files of TRUST_ANCHORS. A refresh fetches the official lists and the URL lists again; a list that
// cannot be fetched, or does not read as certificates, keeps its previous copy with a warning, so
// the store never empties. When a list changes, the engine's trust store is replaced (its version
// moves, so cached verdicts under the old lists are not served).
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  trustListKeeping,
  type RefreshableList,
  type SavedList,
  type TrustList,
  type TrustListSpec,
} from '@provenance/engine';
import type { SafeFetch } from '@provenance/safe-fetch';
import type { Logger } from '../../logging/logger.ts';
import type { Engine } from '../engine/engine.ts';

export interface TrustListSettings {
  /** DATA_DIR/trust-lists: the last good copies; null keeps none (tests). */
  savedDir: string | null;
  /** TRUST_LISTS. */
  lists: readonly TrustListSpec[];
  /** TRUST_ANCHORS: PEM files, tier custom, each named after its file. */
  anchorFiles: readonly string[];
  /** TSA_TRUST_ANCHORS: PEM files of time-stamping authorities' roots, beside the bundled TSA list. */
  tsaAnchorFiles?: readonly string[];
  /** The official lists and their URLs; the bundled lists' when absent. */
  official?: readonly RefreshableList[];
  /** Fetches list URLs: the safe fetcher, with a limit short enough for start-up. */
  fetcher: SafeFetch;
}

export interface TrustAnchorView {
  subject: string;
  sha256: string;
  pem: string;
}

export interface TrustListView {
  name: string;
  tier: TrustList['tier'];
  source: string | null;
  retrievedAt: string | null;
  anchors: TrustAnchorView[];
}

/** The lists in force as GET /trust answers them: signer lists, and time-stamping authority lists. */
export interface TrustListsInForce {
  lists: TrustListView[];
  tsaLists: TrustListView[];
}

export interface TrustRefreshResult {
  /** Lists fetched and accepted. */
  refreshed: string[];
  /** Lists whose fetch failed or was refused; each keeps its previous copy. */
  failed: { name: string; reason: string }[];
  /** Whether the engine's trust store was replaced. */
  changed: boolean;
}

export interface TrustLists {
  /** At start, before requests are answered: reads files, fetches URL lists, gives the engine the lists. */
  load(): Promise<void>;
  /** Fetches the refreshable lists again (with `olderThanMs`, only those whose copy is older). */
  refresh(options?: { olderThanMs?: number }): Promise<TrustRefreshResult>;
  /** The lists the engine verifies with now. */
  inForce(): TrustListsInForce;
}

/** A file list that cannot be read or is not certificates: a configuration mistake, stopping the start. */
export class TrustListFileError extends Error {
  override readonly name = 'TrustListFileError';
}

/** Node's "C=US\nO=Org\nCN=Name" as "CN=Name, O=Org, C=US", as verification reports name anchors. */
const readableName = (name: string): string => name.split('\n').reverse().join(', ');

/** Where a list comes from, as the public API says it: URLs as they are, server file paths by file name only. */
const publicSource = (source: string | null | undefined): string | null => (!source ? null : trustListKeeping.isUrl(source) ? source : `file:${basename(source)}`);

const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export function createTrustLists(deps: { engine: Engine; logger: Logger; settings: TrustListSettings; clock?: () => Date }): TrustLists {
  const { engine, logger, settings } = deps;
  const now = () => (deps.clock ? deps.clock() : new Date());
  const official = settings.official ?? trustListKeeping.official();
  const urlLists: RefreshableList[] = settings.lists
    .filter((spec) => trustListKeeping.isUrl(spec.location))
    .map((spec) => ({ name: spec.name, tier: spec.tier, purpose: 'signers', url: spec.location }));
  const refreshable = [...official, ...urlLists];
  /** The copy in force of each refreshable list (absent: a URL list never fetched). */
  const copies = new Map<string, SavedList>();
  /** Lists read from files at start: they do not change while the server runs. */
  let fileLists: { list: TrustList; retrievedAt: string }[] = [];
  let view: { version: string; stamp: number; value: TrustListsInForce } | null = null;
  let stamp = 0;
  let refreshing: Promise<TrustRefreshResult> | null = null;
  for (const list of official) if (list.bundled) copies.set(list.name, { name: list.name, source: list.url, ...list.bundled });

  function currentLists(): TrustList[] {
    const refreshed = (lists: readonly RefreshableList[]) => lists.flatMap((list) => (copies.has(list.name) ? [trustListKeeping.asTrustList(list, copies.get(list.name)!)] : []));
    const configured = settings.lists.flatMap((spec) => {
      if (trustListKeeping.isUrl(spec.location)) return refreshed(urlLists.filter((list) => list.name === spec.name));
      return fileLists.filter((entry) => entry.list.name === spec.name).map((entry) => entry.list);
    });
    const anchorFiles = fileLists.filter((entry) => !settings.lists.some((spec) => spec.name === entry.list.name)).map((entry) => entry.list);
    return [
      ...refreshed(official),
      { name: trustListKeeping.gatewayListName, tier: 'gateway', source: null, pems: [engine.rootCertificatePem] },
      ...configured,
      ...anchorFiles,
    ];
  }

  async function apply(): Promise<void> {
    await engine.replaceTrust(currentLists());
    stamp += 1;
  }

  async function readFileList(file: string, name: string, tier: TrustList['tier'], setting: string, purpose: TrustList['purpose'] = 'signers'): Promise<{ list: TrustList; retrievedAt: string }> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
      trustListKeeping.checkText(text);
    } catch (error) {
      throw new TrustListFileError(`${setting}: trust list '${name}' (${file}): ${error instanceof Error && 'code' in error ? 'cannot be read' : describeError(error)}`);
    }
    const retrievedAt = now().toISOString();
    return { list: { name, tier, purpose, source: file, pems: [text], retrievedAt }, retrievedAt };
  }

  /** Fetches one list; a failure or a refused text leaves its copy as it was. */
  async function fetchOne(list: RefreshableList): Promise<{ ok: true; changed: boolean } | { ok: false; reason: string }> {
    let text: string;
    try {
      text = new TextDecoder().decode((await settings.fetcher(list.url)).bytes);
      trustListKeeping.checkText(text);
    } catch (error) {
      return { ok: false, reason: describeError(error) };
    }
    const previous = copies.get(list.name);
    const copy: SavedList = { name: list.name, source: list.url, pem: text, retrievedAt: now().toISOString() };
    copies.set(list.name, copy);
    if (settings.savedDir) await trustListKeeping.save(settings.savedDir, copy).catch((error: unknown) => logger.warn('trust list fetched but its copy could not be saved', { list: list.name, error: describeError(error) }));
    return { ok: true, changed: previous?.pem !== text };
  }

  async function refreshNow(olderThanMs: number | undefined): Promise<TrustRefreshResult> {
    const result: TrustRefreshResult = { refreshed: [], failed: [], changed: false };
    const due = refreshable.filter((list) => {
      const copy = copies.get(list.name);
      return olderThanMs === undefined || !copy || now().getTime() - Date.parse(copy.retrievedAt) >= olderThanMs;
    });
    for (const list of due) {
      const outcome = await fetchOne(list);
      if (outcome.ok) {
        result.refreshed.push(list.name);
        result.changed ||= outcome.changed;
      } else {
        result.failed.push({ name: list.name, reason: outcome.reason });
        const kept = copies.get(list.name);
        logger.warn(kept ? 'trust list could not be refreshed; keeping the last good copy' : 'trust list could not be fetched and has no saved copy; it is left out until it can be', {
          list: list.name,
          url: list.url,
          reason: outcome.reason,
          ...(kept && { copyRetrievedAt: kept.retrievedAt }),
        });
      }
    }
    if (result.changed) await apply();
    // Retrieval times changed even when no list did.
    stamp += 1;
    return result;
  }

  return {
    async load() {
      fileLists = await Promise.all([
        ...settings.lists.filter((spec) => !trustListKeeping.isUrl(spec.location)).map((spec) => readFileList(spec.location, spec.name, spec.tier, 'TRUST_LISTS')),
        ...settings.anchorFiles.map((file) => readFileList(file, basename(file), 'custom', 'TRUST_ANCHORS')),
        // Time-stamping roots vouch for a timestamp's authority only, never for a signer.
        ...(settings.tsaAnchorFiles ?? []).map((file) => readFileList(file, basename(file), 'custom', 'TSA_TRUST_ANCHORS', 'timestamps')),
      ]);
      if (settings.savedDir) {
        for (const list of refreshable) {
          const copy = await trustListKeeping.lastGoodCopy(settings.savedDir, list);
          if (copy) copies.set(list.name, copy);
        }
      }
      // URL lists are fetched now, so the server answers with them from its first request; the
      // official lists start from their last good copy and are refreshed by the schedule.
      for (const list of urlLists) {
        const outcome = await fetchOne(list);
        if (!outcome.ok) {
          const kept = copies.get(list.name);
          logger.warn(kept ? 'trust list could not be fetched at start; using the last good copy' : 'trust list could not be fetched at start and has no saved copy; it is left out until it can be', {
            list: list.name,
            url: list.url,
            reason: outcome.reason,
            ...(kept && { copyRetrievedAt: kept.retrievedAt }),
          });
        }
      }
      await apply();
    },
    refresh(options = {}) {
      // One refresh at a time: a slow one is joined, not doubled.
      refreshing ??= refreshNow(options.olderThanMs).finally(() => {
        refreshing = null;
      });
      return refreshing;
    },
    inForce() {
      const version = engine.trust.version;
      if (view && view.version === version && view.stamp === stamp) return view.value;
      const retrievedAt = new Map<string, string>([...copies.values()].map((copy) => [copy.name, copy.retrievedAt]));
      for (const entry of fileLists) retrievedAt.set(entry.list.name, entry.retrievedAt);
      const lists = currentLists();
      const describe = (list: TrustList): TrustListView => ({
        name: list.name,
        tier: list.tier,
        source: publicSource(list.source),
        retrievedAt: retrievedAt.get(list.name) ?? null,
        anchors: trustListKeeping.parseAnchors([list]).map((anchor) => ({ subject: readableName(anchor.subject), sha256: anchor.sha256, pem: anchor.pem })),
      });
      const value: TrustListsInForce = {
        lists: lists.filter((list) => (list.purpose ?? 'signers') === 'signers').map(describe),
        tsaLists: lists.filter((list) => list.purpose === 'timestamps').map(describe),
      };
      view = { version, stamp, value };
      return value;
    },
  };
}
