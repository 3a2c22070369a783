/**
 * Trust verdicts of c2pa-rs, remembered per signer chain. c2pa-rs parses every trust anchor on
 * every read (about 15 ms with the C2PA trust list). The verdict about a chain depends only on the
 * chain, the anchors and the time, so after one full read with trust checking, later assets from
 * the same chain are read with trust checking off and given the same verdict: the trust codes and
 * state that full read added. Entries expire, because certificates do.
 */
const LISTS = ['success', 'informational', 'failure'] as const;

export interface StatusCode {
  code: string;
  url?: string;
  explanation?: string;
}

export interface CodeLists {
  success?: StatusCode[];
  informational?: StatusCode[];
  failure?: StatusCode[];
}

/** A code a trust-checked read added, and the code it came after (null: first), to keep c2pa-rs's order. */
export interface AddedCode {
  code: StatusCode;
  after: string | null;
}

/** What a trust-checked read changed, with the manifest label taken out of code URLs. */
export interface TrustDelta {
  state: 'Trusted' | 'Valid' | 'Invalid';
  added: Record<(typeof LISTS)[number], AddedCode[]>;
  removed: Required<CodeLists>;
}

const LABEL_SLOT = '\u0000manifest\u0000';
const keyOf = (code: StatusCode) => `${code.code}\u0001${code.url ?? ''}\u0001${code.explanation ?? ''}`;

function templated(codes: StatusCode[] | undefined, label: string): StatusCode[] {
  return (codes ?? []).map((code) => ({ ...code, ...(code.url && { url: code.url.split(label).join(LABEL_SLOT) }) }));
}

function filled(codes: StatusCode[], label: string): StatusCode[] {
  return codes.map((code) => ({ ...code, ...(code.url && { url: code.url.split(LABEL_SLOT).join(label) }) }));
}

export function trustDelta(untrusted: CodeLists, trusted: CodeLists, state: TrustDelta['state'], label: string): TrustDelta {
  const delta: TrustDelta = { state, added: { success: [], informational: [], failure: [] }, removed: { success: [], informational: [], failure: [] } };
  for (const list of LISTS) {
    const before = templated(untrusted[list], label);
    const after = templated(trusted[list], label);
    const beforeKeys = new Set(before.map(keyOf));
    const afterKeys = new Set(after.map(keyOf));
    delta.added[list] = after.flatMap((code, index) => (beforeKeys.has(keyOf(code)) ? [] : [{ code, after: index === 0 ? null : keyOf(after[index - 1]!) }]));
    delta.removed[list] = before.filter((code) => !afterKeys.has(keyOf(code)));
  }
  return delta;
}

/** The code lists a trust-checked read would have given, from an unchecked read and the delta. */
export function applyTrustDelta(untrusted: CodeLists, delta: TrustDelta, label: string): Required<CodeLists> {
  const result: Required<CodeLists> = { success: [], informational: [], failure: [] };
  for (const list of LISTS) {
    const removed = new Set(filled(delta.removed[list], label).map(keyOf));
    const codes = templated((untrusted[list] ?? []).filter((code) => !removed.has(keyOf(code))), label);
    for (const added of delta.added[list]) {
      const position = added.after === null ? 0 : codes.findIndex((code) => keyOf(code) === added.after) + 1;
      // A neighbour that is not there (an asset with other assertions) puts the code first.
      codes.splice(position, 0, added.code);
    }
    result[list] = filled(codes, label);
  }
  return result;
}

export interface TrustVerdicts {
  get(chainKey: string): TrustDelta | undefined;
  set(chainKey: string, delta: TrustDelta): void;
}

export function createTrustVerdicts(options: { maxEntries?: number; ttlMs?: number; clock?: () => number } = {}): TrustVerdicts {
  const maxEntries = options.maxEntries ?? 10_000;
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const now = options.clock ?? Date.now;
  const entries = new Map<string, { delta: TrustDelta; expiresAt: number }>();
  return {
    get(chainKey) {
      const entry = entries.get(chainKey);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(chainKey);
        return undefined;
      }
      return entry.delta;
    },
    set(chainKey, delta) {
      entries.delete(chainKey);
      entries.set(chainKey, { delta, expiresAt: now() + ttlMs });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
  };
}
