/**
 * The last good copy of each trust list fetched from a URL, kept under DATA_DIR/trust-lists/ so a
 * server or CLI that cannot reach a list's URL (offline, the host down, an error page) still trusts
 * what it trusted before. Shared by the server's refresh and `provenance trust update`; the engine
 * itself never fetches: callers fetch through their safe fetcher and hand the text in.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { bundledListInfo, bundledListsDir } from './bundled-lists.ts';
import { parseAnchors, type TrustList, type TrustTier } from './trust-store.ts';

/** A list's text with where and when it came from. */
export interface SavedList {
  name: string;
  source: string;
  pem: string;
  /** ISO 8601. */
  retrievedAt: string;
}

/** A list that is refreshed from its published URL: the official C2PA lists and URL lists of TRUST_LISTS. */
export interface RefreshableList {
  name: string;
  tier: TrustTier;
  purpose: 'signers' | 'timestamps';
  url: string;
  /** The copy shipped with the engine (official lists only): used when nothing newer was saved. */
  bundled?: { pem: string; retrievedAt: string };
}

/** Text that is not a PEM bundle of at least one certificate: refused, the previous copy is kept. */
export class TrustListTextError extends Error {
  override readonly name = 'TrustListTextError';
  constructor(readonly reason: 'no_certificates' | 'not_certificate') {
    super(reason === 'no_certificates' ? 'holds no certificate' : 'holds something that is not a certificate');
  }
}

/** Where the last good copies live. */
export function savedListsDir(dataDir: string): string {
  return join(resolve(dataDir), 'trust-lists');
}

/** How many anchors the text holds; throws TrustListTextError unless it is at least one certificate. */
export function checkTrustListText(text: string): number {
  let count: number;
  try {
    count = parseAnchors([text]).length;
  } catch {
    throw new TrustListTextError('not_certificate');
  }
  // An empty list would silently trust nothing from that source: an HTML error page, a wrong file.
  if (count === 0) throw new TrustListTextError('no_certificates');
  return count;
}

/** File stem of a list: readable, and distinct for names that read alike. */
function stem(name: string): string {
  const readable = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'list';
  return `${readable}-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}

/** The saved copy of a list, or null when there is none (or it no longer reads as a list). */
export async function readSavedList(dir: string, name: string): Promise<SavedList | null> {
  try {
    const meta = JSON.parse(await readFile(join(dir, `${stem(name)}.json`), 'utf8')) as Omit<SavedList, 'pem'>;
    const pem = await readFile(join(dir, `${stem(name)}.pem`), 'utf8');
    checkTrustListText(pem);
    return { name, source: meta.source, retrievedAt: meta.retrievedAt, pem };
  } catch {
    return null;
  }
}

/** Saves a checked copy; each file is written whole and renamed into place, so a crash leaves the old one. */
export async function saveList(dir: string, list: SavedList): Promise<void> {
  checkTrustListText(list.pem);
  await mkdir(dir, { recursive: true });
  const write = async (file: string, text: string) => {
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, file);
  };
  await write(join(dir, `${stem(list.name)}.pem`), list.pem);
  await write(join(dir, `${stem(list.name)}.json`), `${JSON.stringify({ name: list.name, source: list.source, retrievedAt: list.retrievedAt }, null, 2)}\n`);
}

/** The official lists, refreshable from the URLs recorded with the bundled copies. */
export function officialLists(): RefreshableList[] {
  return bundledListInfo().map((info) => ({
    name: info.name,
    tier: info.tier,
    purpose: info.purpose,
    url: info.source,
    bundled: { pem: readFileSync(join(bundledListsDir(), info.file), 'utf8'), retrievedAt: new Date(`${info.retrieved}T00:00:00Z`).toISOString() },
  }));
}

/**
 * The copy of a refreshable list to trust before any fetch: the saved one, else the bundled one (the
 * newer when both). A copy saved from another URL (the setting changed) is not this list's.
 */
export async function lastGoodCopy(dir: string, list: RefreshableList): Promise<SavedList | null> {
  const found = await readSavedList(dir, list.name);
  const saved = found?.source === list.url ? found : null;
  const bundled = list.bundled ? { name: list.name, source: list.url, ...list.bundled } : null;
  if (saved && bundled) return saved.retrievedAt >= bundled.retrievedAt ? saved : bundled;
  return saved ?? bundled;
}

/** A refreshable list's copy as a named list for a trust store. */
export function asTrustList(list: RefreshableList, copy: SavedList): TrustList {
  return { name: list.name, tier: list.tier, purpose: list.purpose, source: list.url, pems: [copy.pem], retrievedAt: copy.retrievedAt };
}
