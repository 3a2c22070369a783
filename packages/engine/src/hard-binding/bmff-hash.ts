/**
 * A BMFF hash (`c2pa.hash.bmff`, `.v2`, `.v3`) computed with node's native SHA-2 exactly as c2pa-rs
 * computes it over a whole file (sdk/src/assertions/bmff_hash.rs verify_stream_hash, bmff_io.rs
 * bmff_to_jumbf_exclusions, utils/hash_utils.rs hash_stream_by_alg): the exclusions' xpaths resolved
 * on the box tree, their length, version, flags, data and subset conditions applied, and from v2 on
 * the offset of every top-level box not wholly excluded hashed as 8 big-endian bytes where the box
 * starts. The bytes stream from a ByteSource in chunks; nothing holds the file.
 *
 * Only the file-level hash is handled: an assertion with Merkle maps (fragmented MP4, v3 block
 * hashes), a remote hash, or anything c2pa-rs would decode or judge differently gives null, and the
 * caller leaves the file to c2pa-wasm.
 */
import { createHash, type Hash } from 'node:crypto';
import { decode } from 'cbor-x';
import type { ByteSource } from '../byte-source.ts';
import { boxesAt, sameBytes, WindowReader, type BmffBox } from '../containers/bmff-boxes.ts';
import { manifestBox, superbox } from '../containers/jumbf.ts';

const HASH_ALGORITHMS: Record<string, string> = { sha256: 'sha256', sha384: 'sha384', sha512: 'sha512' };
/** Bytes hashed per read: large enough that per-read costs vanish, small enough to stay constant in memory. */
const CHUNK = 8 * 1024 * 1024;

interface DataMap {
  offset: number;
  value: Uint8Array;
}

interface SubsetMap {
  offset: number;
  length: number;
}

export interface BmffExclusion {
  xpath: string;
  length?: number;
  data?: DataMap[];
  subset?: SubsetMap[];
  version?: number;
  flags?: Uint8Array;
  exact?: boolean;
}

/** A file-level BMFF hash assertion, as c2pa-rs decodes it. */
export interface BmffHashAssertion {
  /** 1 for `c2pa.hash.bmff`, 2 and 3 for `.v2` and `.v3` (from 2 on, box offsets are hashed). */
  version: number;
  alg: string;
  hash: Uint8Array;
  exclusions: BmffExclusion[];
}

/** A hash range: bytes, or (from v2) a top-level box's offset hashed in their place. */
interface HashRange {
  start: number;
  length: number;
  boxOffset: boolean;
}

const isUint = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const absent = (value: unknown) => value === undefined || value === null;

function record(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array) ? (value as Record<string, unknown>) : null;
}

function optional<T>(value: unknown, check: (value: unknown) => T | null): T | undefined | null {
  return absent(value) ? undefined : check(value);
}

function exclusionOf(value: unknown): BmffExclusion | null {
  const map = record(value);
  if (!map || typeof map.xpath !== 'string') return null;
  const length = optional(map.length, (entry) => (isUint(entry) ? entry : null));
  const version = optional(map.version, (entry) => (isUint(entry) && entry <= 255 ? entry : null));
  const flags = optional(map.flags, (entry) => (entry instanceof Uint8Array ? entry : null));
  const exact = optional(map.exact, (entry) => (typeof entry === 'boolean' ? entry : null));
  const data = optional(map.data, (entry) => {
    if (!Array.isArray(entry)) return null;
    const maps = entry.map((item) => {
      const dataMap = record(item);
      return dataMap && isUint(dataMap.offset) && dataMap.value instanceof Uint8Array ? { offset: dataMap.offset, value: dataMap.value } : null;
    });
    return maps.every((item) => item !== null) ? (maps as DataMap[]) : null;
  });
  const subset = optional(map.subset, (entry) => {
    if (!Array.isArray(entry)) return null;
    const maps = entry.map((item) => {
      const subsetMap = record(item);
      return subsetMap && isUint(subsetMap.offset) && isUint(subsetMap.length) ? { offset: subsetMap.offset, length: subsetMap.length } : null;
    });
    if (!maps.every((item) => item !== null)) return null;
    // c2pa-rs's verify_self: subsets ordered by offset and not overlapping, else malformed.
    for (let index = 0; index + 1 < maps.length; index += 1) {
      const here = maps[index]!;
      const end = here.offset + here.length;
      if (here.offset > maps[index + 1]!.offset || !Number.isSafeInteger(end) || end > maps[index + 1]!.offset) return null;
    }
    return maps as SubsetMap[];
  });
  if (length === null || version === null || flags === null || exact === null || data === null || subset === null) return null;
  return { xpath: map.xpath, length, version, flags, exact, data, subset };
}

/**
 * The BMFF hash assertion `assertionLabel` (c2pa.hash.bmff, .v2 or .v3) of a manifest, when it is a
 * file-level hash handled here; null otherwise (Merkle maps, a remote URL, no algorithm or hash,
 * fields c2pa-rs would decode otherwise).
 */
export function readBmffHash(manifestStore: Uint8Array, label: string, assertionLabel: string): BmffHashAssertion | null {
  const labelled = /^c2pa\.hash\.bmff(?:\.v([1-3]))?$/.exec(assertionLabel);
  if (!labelled) return null;
  const box = manifestBox(manifestStore, label, ['c2pa.assertions', assertionLabel]);
  const cbor = box && superbox(box.payload).children.find((child) => child.type === 'cbor');
  if (!cbor) return null;
  let value: unknown;
  try {
    value = decode(cbor.payload);
  } catch {
    return null;
  }
  const map = record(value);
  if (!map || !absent(map.merkle) || !absent(map.url) || !Array.isArray(map.exclusions) || map.exclusions.length === 0) return null;
  const alg = typeof map.alg === 'string' ? map.alg : null;
  if (!alg || !HASH_ALGORITHMS[alg] || !(map.hash instanceof Uint8Array)) return null;
  const exclusions = map.exclusions.map(exclusionOf);
  if (!exclusions.every((exclusion) => exclusion !== null)) return null;
  return { version: Number(labelled[1] ?? 1), alg, hash: map.hash, exclusions: exclusions as BmffExclusion[] };
}

/** c2pa-rs compares the first three flag bytes as the top three bytes of a u32 against the box's 24-bit flags. */
function flagsMatch(exclusion: BmffExclusion, box: BmffBox): boolean {
  if (!exclusion.flags || box.flags === null) return true;
  const bytes = exclusion.flags;
  const desired = bytes.byteLength >= 3 ? ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8)) >>> 0 : 0;
  return (exclusion.exact ?? true) ? desired === box.flags : ((desired | box.flags) >>> 0) === desired;
}

/** The ranges c2pa-rs hands hash_stream_by_alg (bmff_to_jumbf_exclusions); null where c2pa-rs would fail. */
async function hashRanges(reader: WindowReader, top: readonly BmffBox[], assertion: Omit<BmffHashAssertion, 'hash'>): Promise<HashRange[] | null> {
  const topLevelOffsets = top.map((box) => box.offset).sort((a, b) => a - b);
  const ranges: HashRange[] = [];
  for (const exclusion of assertion.exclusions) {
    for (const box of boxesAt(top, exclusion.xpath) ?? []) {
      if (exclusion.length !== undefined && exclusion.length !== box.size) continue;
      if (exclusion.version !== undefined && box.version !== null && exclusion.version !== box.version) continue;
      if (!flagsMatch(exclusion, box)) continue;
      let dataMatches = true;
      for (const { offset, value } of exclusion.data ?? []) {
        // c2pa-rs reads past the end of the file its own way: left to it.
        const bytes = await reader.bytes(box.offset + offset, value.byteLength);
        if (!bytes) return null;
        if (!sameBytes(bytes, value)) {
          dataMatches = false;
          break;
        }
      }
      if (!dataMatches) continue;
      if (exclusion.subset) {
        for (const subset of exclusion.subset) {
          if (subset.offset > box.size) continue;
          const rest = box.size - subset.offset;
          ranges.push({ start: box.offset + subset.offset, length: subset.length === 0 ? rest : Math.min(subset.length, rest), boxOffset: false });
        }
      } else {
        ranges.push({ start: box.offset, length: box.size, boxOffset: false });
        // A top-level box excluded whole has no offset hashed.
        const at = topLevelOffsets.indexOf(box.offset);
        if (at !== -1) topLevelOffsets.splice(at, 1);
      }
    }
  }
  if (assertion.version > 1) for (const offset of topLevelOffsets) ranges.push({ start: offset, length: 1, boxOffset: true });
  return ranges;
}

type Inclusive = [start: number, end: number];

/**
 * hash_stream_by_alg's plan over `size` bytes with exclusions: the byte ranges hashed in order, and
 * box offsets in between (a range [o, o] whose start is a box offset); null where it fails.
 */
export function hashPlan(size: number, exclusions: HashRange[]): { ranges: Inclusive[]; offsets: Set<number> } | null {
  if (size < 1) return null;
  const dataEnd = size - 1;
  if (exclusions.length === 0) return { ranges: [[0, dataEnd]], offsets: new Set() };
  // Rust's sort_by_key is stable, as Array.prototype.sort is.
  const sorted = [...exclusions].sort((a, b) => a.start - b.start);
  const last = sorted.at(-1)!;
  if (!Number.isSafeInteger(last.start + last.length) || last.start + last.length > size) return null;
  const starts: number[] = [];
  const removed: Inclusive[] = [];
  for (const range of sorted) {
    if (range.boxOffset) starts.push(range.start);
    else if (range.length > 0) removed.push([range.start, range.start + range.length - 1]);
  }
  // The complement of the removed ranges in [0, dataEnd], as c2pa-rs's RangeSet leaves it.
  const kept: Inclusive[] = [];
  let cursor = 0;
  for (const [start, end] of removed) {
    if (start > cursor) kept.push([cursor, Math.min(start - 1, dataEnd)]);
    cursor = Math.max(cursor, end + 1);
  }
  if (cursor <= dataEnd) kept.push([cursor, dataEnd]);
  if (starts.length === 0) return { ranges: kept, offsets: new Set() };
  starts.sort((a, b) => a - b);
  // Split the kept ranges at each box offset, exactly as hash_stream_by_alg does (including its
  // quirk of not splitting a range that begins at an offset).
  const ranges: Inclusive[] = [];
  for (const range of kept) {
    let current: Inclusive = range;
    for (const offset of starts) {
      if (offset < current[0] || offset > current[1]) continue;
      if (current[0] === offset) {
        ranges.push([offset, offset]);
      } else {
        ranges.push([current[0], offset - 1], [offset, offset]);
        current = [offset, current[1]];
      }
    }
    ranges.push(current);
  }
  const before = ranges[0]?.[0] ?? 0;
  const after = ranges.at(-1)?.[1] ?? dataEnd;
  for (const offset of starts) {
    if (!ranges.some(([start, end]) => offset >= start && offset <= end) && offset > before && offset < after) ranges.push([offset, offset]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  return { ranges, offsets: new Set(starts) };
}

/** Feeds `hash` the bytes [start, end] of the source, reading the next chunk while this one hashes. */
async function hashBytes(source: ByteSource, hash: Hash, start: number, end: number): Promise<void> {
  let offset = start;
  let pending = source.read(offset, Math.min(CHUNK, end + 1 - offset));
  while (offset <= end) {
    const chunk = await pending;
    offset += chunk.byteLength;
    if (chunk.byteLength === 0) throw new Error('the byte source returned no bytes');
    if (offset <= end) pending = source.read(offset, Math.min(CHUNK, end + 1 - offset));
    hash.update(chunk);
  }
}

/**
 * Whether the whole file's BMFF hash, computed as c2pa-rs computes it, equals the assertion's
 * ('match') or differs ('mismatch'); 'unknown' where c2pa-rs would fail to compute it (its failure
 * then says something else).
 */
export type BmffHashOutcome = 'match' | 'mismatch' | 'unknown';

export async function bmffHashMatches(source: ByteSource, top: readonly BmffBox[], assertion: BmffHashAssertion): Promise<BmffHashOutcome> {
  const digest = await bmffHashOf(source, top, assertion);
  if (!digest) return 'unknown';
  return sameBytes(digest, assertion.hash) ? 'match' : 'mismatch';
}

/** The file's BMFF hash under the assertion's exclusions and version, as c2pa-rs computes it; null where c2pa-rs would fail. */
export async function bmffHashOf(source: ByteSource, top: readonly BmffBox[], assertion: Omit<BmffHashAssertion, 'hash'>): Promise<Uint8Array | null> {
  const exclusions = await hashRanges(new WindowReader(source), top, assertion);
  const plan = exclusions && hashPlan(source.size, exclusions);
  if (!plan) return null;
  const hash = createHash(HASH_ALGORITHMS[assertion.alg]!);
  const offsetBytes = Buffer.alloc(8);
  for (const [start, end] of plan.ranges) {
    if (start === end && plan.offsets.has(start)) {
      offsetBytes.writeBigUInt64BE(BigInt(start));
      hash.update(offsetBytes);
    } else {
      await hashBytes(source, hash, start, end);
    }
  }
  return hash.digest();
}
