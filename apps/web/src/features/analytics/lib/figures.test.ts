import { describe, expect, it } from 'vitest';
import { formatDay, formatPercent, formatRelative, hasActivity, perDayRows } from './figures';

describe('analytics figures', () => {
  it('shows a rate with at most one decimal, and a dash when none can be computed', () => {
    expect(formatPercent(100, 'en-US')).toBe('100%');
    expect(formatPercent(66.666, 'en-US')).toBe('66.7%');
    expect(formatPercent(0, 'en-US')).toBe('0%');
    expect(formatPercent(null, 'en-US')).toBe('—');
  });

  it('labels a calendar day without shifting it by time zone', () => {
    expect(formatDay('2026-11-01', 'en-US')).toBe('Nov 1');
    expect(formatDay('not-a-date', 'en-US')).toBe('not-a-date');
  });

  it('adds a label and a total to each day', () => {
    const rows = perDayRows({ perDay: [{ date: '2026-11-21', verified: 3, partial: 1, invalid: 2, unsigned: 0 }] }, 'en-US');
    expect(rows).toEqual([{ date: '2026-11-21', label: 'Nov 21', verified: 3, partial: 1, invalid: 2, unsigned: 0, total: 6 }]);
  });

  it('knows an empty account from an active one', () => {
    const none = { total: 0, verified: 0, partial: 0, invalid: 0, unsigned: 0 };
    expect(hasActivity({ manifests: 0, verifications: none })).toBe(false);
    expect(hasActivity({ manifests: 1, verifications: none })).toBe(true);
    expect(hasActivity({ manifests: 0, verifications: { ...none, total: 1, invalid: 1 } })).toBe(true);
  });

  it('says how long ago an event happened', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(formatRelative('2026-11-21T11:57:00Z', now, 'en-US')).toBe('3 min. ago');
    expect(formatRelative('2026-11-21T10:00:00Z', now, 'en-US')).toBe('2 hr. ago');
    expect(formatRelative('2026-11-16T12:00:00Z', now, 'en-US')).toBe('5 days ago');
  });
});
