/**
 * The native read of a data-hashed JPEG or PNG from a ByteSource, as bmff-read.ts does for BMFF: the
 * manifest prefix is read from the file's head and validated by c2pa-wasm as soon as those bytes are
 * there, and the data hash (data-hash-binding.ts) is computed over the rest in chunks as they can be
 * read, the rest of the format's walk (what its in-memory prefix finder checks past the manifest)
 * made over the same chunks. Over a source that fills while it is read (an upload still arriving,
 * filling-source.ts), c2pa-wasm's work and most of the hashing happen during the transfer. The result
 * is exactly readNatively's on the same bytes (data-hash-read.ts); null when that would not confirm the
 * file, which the caller then has c2pa-wasm read whole.
 */
import { oncePerAssertion } from './hash-outcomes.ts';
import { createHash } from 'node:crypto';
import type { ByteSource } from '../byte-source.ts';
import { dataHashPlan, standInDataHash, withDataHashMatch, type DataHashAssertion } from './data-hash-binding.ts';
import { findJumbfSegment, jpegSourceSegments } from '../containers/jpeg-source-segments.ts';
import { manifestCount } from '../containers/jumbf.ts';
import type { RawManifestStore } from '../c2pa/manifest-store.ts';
import { manifestStoreBytes, openReader } from '../c2pa/open-reader.ts';
import { PNG_CHUNK_HEADER_BYTES, pngRestWalk, pngSourceChunks } from '../containers/png-source-chunks.ts';
import type { StoreRead, StoreReadOptions } from '../c2pa/store-read.ts';

/**
 * How much is read and hashed at a time: over a file still arriving, each read waits for its bytes,
 * so fewer, larger reads wake the reading thread less often (the last one is hashed after the file ends).
 */
const CHUNK_BYTES = 256 * 1024;

/** A format's manifest found in a source's head: the prefix c2pa-wasm validates, the store, and the walk of the rest. */
interface FoundManifest {
  prefix: Uint8Array;
  store: Uint8Array;
  /** Where the manifest ends (a JPEG's segments, a PNG's `caBX`). */
  end: number;
  /** The rest of the format's walk, fed the file's chunks in order; false when it refuses the file. */
  rest(size: number): { window(bytes: Uint8Array, at: number, to: number): boolean; finished(): boolean };
}

interface SourceLayout {
  find(source: ByteSource): Promise<FoundManifest | null>;
  /** Bytes past a chunk the rest's walk needs to see. */
  lookahead: number;
}

const LAYOUTS: Record<string, SourceLayout> = {
  'image/jpeg': {
    find: async (source) => {
      const found = await jpegSourceSegments(source);
      // jpegManifestSegments refuses a file with another APP11 JUMBF segment after the run: so does this read.
      return found && { ...found, rest: (size) => ({ window: (bytes, at, to) => to <= found.end || findJumbfSegment(bytes, at, Math.max(at, found.end), to, size) === -1, finished: () => true }) };
    },
    // findJumbfSegment reads to `at + 6`.
    lookahead: 5,
  },
  'image/png': {
    find: async (source) => {
      const found = await pngSourceChunks(source);
      return found && { ...found, rest: (size) => pngRestWalk(found, size) };
    },
    lookahead: PNG_CHUNK_HEADER_BYTES,
  },
};

/** Whether a file of this type may be read natively from a source under these options. */
export function nativeDataHashSource(mime: string, options: StoreReadOptions): boolean {
  return mime in LAYOUTS && options.nativeHardBinding !== false && !options.remoteManifest;
}

/** The one range a plan leaves out, when it hashes everything before it and after it. */
function excludedRange(ranges: [number, number][], size: number): [number, number] | null {
  const [before, after] = ranges;
  return ranges.length === 2 && before![0] === 0 && after![1] === size ? [before![1], after![0]] : null;
}

/** True when the source's data hash equals the assertion's and the rest of the format's walk accepts the file. */
async function sourceMatches(source: ByteSource, assertion: DataHashAssertion, found: FoundManifest, layout: SourceLayout): Promise<boolean> {
  const { size } = source;
  const plan = dataHashPlan(assertion, size);
  if (!plan) return false;
  // The receiving thread's digest of the file outside the manifest, when it hashed exactly this
  // exclusion: it does so only after the format's walk of the whole file accepted it
  // (jpegSegmentsExcludedDigest, pngChunkExcludedDigest), which stands for the rest's walk here.
  const excluded = plan.algorithm === 'sha256' ? excludedRange(plan.ranges, size) : null;
  const offered = excluded && excluded[1] === found.end && source.excludedRangeDigest ? await source.excludedRangeDigest(excluded[0], excluded[1]) : null;
  if (offered) return Buffer.from(plan.expected).equals(offered);
  const hash = createHash(plan.algorithm);
  const rest = found.rest(size);
  let range = 0;
  for (let at = 0; at < size; at += CHUNK_BYTES) {
    const to = Math.min(size, at + CHUNK_BYTES);
    const window = await source.read(at, Math.min(size, to + layout.lookahead) - at);
    if (!rest.window(window, at, to)) return false;
    for (; range < plan.ranges.length && plan.ranges[range]![0] < to; range += 1) {
      const [start, end] = plan.ranges[range]!;
      const from = Math.max(start, at);
      const until = Math.min(end, to);
      if (until > from) hash.update(window.subarray(from - at, until - at));
      if (end > to) break;
    }
  }
  return rest.finished() && Buffer.from(plan.expected).equals(hash.digest());
}

/**
 * The native read of one JPEG or PNG source, as often as the caller needs it (a read without trust
 * checking, then one with): the manifest is found and the file hashed once, however many times it is read.
 */
export function dataHashSourceRead(mime: string, source: ByteSource): (context: string) => Promise<StoreRead | null> {
  const layout = LAYOUTS[mime];
  let manifest: Promise<FoundManifest | null> | undefined;
  let matches: ((assertion: DataHashAssertion) => Promise<boolean>) | undefined;
  return async (context) => {
    const found = layout && (await (manifest ??= layout.find(source).catch(() => null)));
    if (!found) return null;
    matches ??= oncePerAssertion((assertion: DataHashAssertion) => sourceMatches(source, assertion, found, layout));
    const reader = await openReader(mime, found.prefix, context).catch(() => null);
    if (!reader) return null;
    try {
      const prefixStore = reader.manifestStore() as RawManifestStore;
      // As readNatively: the store as the file carries it, when it holds the manifests c2pa-rs read.
      const own = manifestCount(found.store) === Object.keys(prefixStore.manifests ?? {}).length ? found.store : null;
      const storeBytes = own ?? manifestStoreBytes(reader, prefixStore);
      const assertion = storeBytes && standInDataHash(prefixStore, storeBytes);
      if (storeBytes && assertion && (await matches(assertion))) return { reader, store: withDataHashMatch(prefixStore), storeBytes };
    } catch {
      // A source that fails to read (an upload cut off), or anything unexpected: the caller decides.
    }
    reader.free();
    return null;
  };
}
