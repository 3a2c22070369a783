/**
 * TRUST_LISTS, the setting that names further trust lists: comma-separated `name=URL-or-file`
 * (tier custom) or `name:legacy=URL-or-file` (tier legacy, for a list such as the frozen interim
 * trust list). Parsed the same way by the server and the CLI, which both refuse a plain http:// URL.
 */
import type { TrustTier } from './trust-store.ts';

/** A configured list, before it is read: its name, tier and where it is. */
export interface TrustListSpec {
  name: string;
  tier: Extract<TrustTier, 'custom' | 'legacy'>;
  /** An https URL or a file path. */
  location: string;
}

export class TrustListSettingError extends Error {
  override readonly name = 'TrustListSettingError';
}

const ENTRY = /^([^=:]+?)(?::(legacy|custom))?=(.+)$/;

export function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** The lists of a TRUST_LISTS value; an empty or absent value names none. */
export function parseTrustListSetting(value: string | undefined): TrustListSpec[] {
  const specs: TrustListSpec[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const match = ENTRY.exec(entry);
    if (!match) throw new TrustListSettingError(`'${entry}' is not name=URL-or-file or name:legacy=URL-or-file`);
    const name = match[1]!.trim();
    const location = match[3]!.trim();
    if (!name || !location) throw new TrustListSettingError(`'${entry}' needs both a name and a URL or file`);
    if (specs.some((spec) => spec.name === name)) throw new TrustListSettingError(`the list name '${name}' is used twice`);
    // A list is a set of trust anchors: whoever could alter a plain http answer would choose them.
    if (/^http:\/\//i.test(location)) throw new TrustListSettingError(`the list '${name}' is at a plain http:// URL (${location}): whoever alters its answer would choose the trust anchors; give an https:// URL or a file`);
    specs.push({ name, tier: match[2] === 'legacy' ? 'legacy' : 'custom', location });
  }
  return specs;
}
