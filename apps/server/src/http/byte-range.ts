// HTTP Range requests (RFC 9110 §14) for stored files: what a Range header asks for, resolved once the
// file's size is known. One range of bytes is served (206); a header asking for several, or one we
// cannot read, is ignored and the whole file is served (200), as the RFC allows; a range wholly beyond
// the file is 416. Video players seek with these.
import type { RangeChoice } from '../services/assets/asset-store.ts';

const RANGE_HEADER = /^bytes=(.*)$/i;
const FIRST_LAST = /^(\d+)-(\d*)$/;
const SUFFIX = /^-(\d+)$/;

export type RangeChooser = (size: number) => RangeChoice;

/**
 * The bytes a request's Range header asks for, as a function of the file's size; undefined when the
 * whole file is to be served (no header, several ranges, a syntax we do not read, or an If-Range:
 * we send no validators, so one we are given cannot be ours and the RFC says to send it all).
 */
export function rangeFromHeaders(headers: { range?: string | null; ifRange?: string | null }): RangeChooser | undefined {
  const header = headers.range;
  if (!header || headers.ifRange) return undefined;
  // Trimmed with string methods, not the pattern: a lazy group before optional spaces backtracks.
  const spec = RANGE_HEADER.exec(header.trim())?.[1]?.trim();
  if (!spec || spec.includes(',')) return undefined;

  const firstLast = FIRST_LAST.exec(spec);
  if (firstLast) {
    const first = Number(firstLast[1]);
    const last = firstLast[2] === '' ? Number.POSITIVE_INFINITY : Number(firstLast[2]);
    if (last < first) return undefined; // not a valid range-spec: ignored, the whole file is sent
    return (size) => (first >= size ? 'unsatisfiable' : { start: first, end: Math.min(last, size - 1) });
  }
  const suffix = SUFFIX.exec(spec);
  if (suffix) {
    const length = Number(suffix[1]);
    return (size) => (length === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 });
  }
  return undefined;
}
