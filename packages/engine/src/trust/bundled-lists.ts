/**
 * The trust lists shipped with the engine (packages/engine/trust-lists/): the C2PA trust list
 * and the C2PA TSA trust list, as published by the C2PA conformance program, with their source URL,
 * retrieval date and licence. Found through the package, so a bundled server finds them too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TrustList, TrustTier } from './trust-store.ts';

export interface BundledListInfo {
  name: string;
  tier: TrustTier;
  purpose: 'signers' | 'timestamps';
  file: string;
  source: string;
  retrieved: string;
  licence: string;
  licenceFile: string;
  publisher: string;
}

/** The folder of the bundled lists. */
export function bundledListsDir(): string {
  return dirname(createRequire(import.meta.url).resolve('@provenance/engine/trust-lists/lists.json'));
}

/** What lists.json says of each bundled list. */
export function bundledListInfo(): BundledListInfo[] {
  return (JSON.parse(readFileSync(join(bundledListsDir(), 'lists.json'), 'utf8')) as { lists: BundledListInfo[] }).lists;
}

let cached: TrustList[] | null = null;

/** The bundled lists, ready for a trust store (read once per process). */
export function bundledTrustLists(): TrustList[] {
  cached ??= bundledListInfo().map((info) => ({
    name: info.name,
    tier: info.tier,
    purpose: info.purpose,
    source: info.source,
    pems: [readFileSync(join(bundledListsDir(), info.file), 'utf8')],
  }));
  return cached;
}
