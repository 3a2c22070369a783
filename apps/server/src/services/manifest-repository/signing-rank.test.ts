// The crediting order of signings of the same content: trusted timestamps first, then earliest.
import { describe, expect, it } from 'vitest';
import { earliestFirst, type SigningTimes } from './signing-rank.ts';

const at = (iso: string): Date => new Date(iso);
const signing = (manifestId: string, signedAt: string, trustedTimestampAt: string | null = null): SigningTimes => ({
  manifestId,
  signedAt: at(signedAt),
  trustedTimestampAt: trustedTimestampAt ? at(trustedTimestampAt) : null,
  indexedAt: at(signedAt),
});

describe('earliestFirst', () => {
  it('credits the earliest claimed time when no signing has a trusted timestamp', () => {
    const order = earliestFirst([signing('b', '2026-03-02T00:00:00Z'), signing('a', '2026-03-01T00:00:00Z')]).map((s) => s.manifestId);
    expect(order).toEqual(['a', 'b']);
  });

  it('puts a trusted timestamp before a signing that only claims an earlier time', () => {
    const claimedEarlier = signing('claims-2020', '2020-01-01T00:00:00Z');
    const stamped = signing('stamped-2026', '2026-03-02T00:00:00Z', '2026-03-02T00:00:05Z');
    expect(earliestFirst([claimedEarlier, stamped]).map((s) => s.manifestId)).toEqual(['stamped-2026', 'claims-2020']);
  });

  it('ranks two timestamped signings by their timestamps, not their claims', () => {
    const a = signing('a', '2026-03-05T00:00:00Z', '2026-03-01T00:00:00Z');
    const b = signing('b', '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z');
    expect(earliestFirst([b, a]).map((s) => s.manifestId)).toEqual(['a', 'b']);
  });
});
