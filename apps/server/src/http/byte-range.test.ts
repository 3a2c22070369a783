// The Range header as clients send it, resolved against a file's size: what is served whole, what
// by range and what is beyond the file.
import { describe, expect, it } from 'vitest';
import { rangeFromHeaders } from './byte-range.ts';

const choose = (range: string, size: number, ifRange?: string) => rangeFromHeaders({ range, ifRange })?.(size) ?? 'ignored';

describe('Range header', () => {
  it('reads one range of first-last, first- and -suffix, cut to the file', () => {
    expect(choose('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(choose('bytes=0-0', 1000)).toEqual({ start: 0, end: 0 });
    expect(choose('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(choose('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(choose('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(choose('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(choose('Bytes= 10-19 ', 1000)).toEqual({ start: 10, end: 19 });
    expect(choose(`bytes=0-${'9'.repeat(40)}`, 1000)).toEqual({ start: 0, end: 999 });
  });

  it('says a range beyond the file, an empty suffix or any range of an empty file cannot be served', () => {
    expect(choose('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(choose(`bytes=${'9'.repeat(40)}-`, 1000)).toBe('unsatisfiable');
    expect(choose('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(choose('bytes=0-', 0)).toBe('unsatisfiable');
    expect(choose('bytes=-10', 0)).toBe('unsatisfiable');
  });

  it('ignores what it does not serve: several ranges, bad syntax, other units, an If-Range', () => {
    for (const header of ['bytes=0-1,5-6', 'bytes=5-1', 'bytes=a-b', 'bytes=', 'bytes=-', 'items=0-1', 'bytes=1.5-2', '']) expect(choose(header, 1000), header).toBe('ignored');
    expect(choose('bytes=0-9', 1000, '"etag"')).toBe('ignored');
    // A header of 16 kB (Node's limit) of spaces and junk is read in one pass.
    expect(choose(`bytes=1${' '.repeat(16_000)}x`, 1000)).toBe('ignored');
  });
});
