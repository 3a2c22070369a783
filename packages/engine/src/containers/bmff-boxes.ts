/**
 * The box tree of an ISO BMFF file (MP4, MOV, M4A, HEIC, AVIF) as c2pa-rs builds it to resolve a
 * BMFF hash's exclusions (sdk/src/asset_handlers/bmff_io.rs, build_bmff_tree): the same container
 * boxes descended into, the same FullBox version and flags read, the same paths. Only box headers
 * are read, through a ByteSource, so a file of any size costs a few reads per box.
 *
 * It is stricter than c2pa-rs on purpose: wherever c2pa-rs would fail, or would go on in a way of
 * its own (a box that overruns its parent, a truncated mdat, trailing bytes, a size of zero inside
 * a container, boxes nested deeper than c2pa-rs allows), the answer is null and the caller leaves
 * the file to c2pa-wasm. A tree returned here is one c2pa-rs builds identically.
 */
import type { ByteSource } from '../byte-source.ts';

export interface BmffBox {
  /** The four-character code as c2pa-rs names it in paths (lossy UTF-8). */
  path: string;
  /** The four bytes of the type, one character per byte. */
  type: string;
  offset: number;
  size: number;
  /** Header length: 8, or 16 with a 64-bit size. */
  headerSize: number;
  /** FullBox version and flags, where c2pa-rs reads them; else null. */
  version: number | null;
  flags: number | null;
  /** A `uuid` box's extended type. */
  userType: Uint8Array | null;
  children: BmffBox[];
}

/** c2pa-rs's MAX_BOX_DEPTH: nesting beyond it is an error there. */
const MAX_BOX_DEPTH = 32;
/** More boxes than any real file has; a file built to exhaust memory is left to c2pa-wasm. */
const MAX_BOXES = 1_000_000;
const WINDOW = 64 * 1024;

/** The container boxes c2pa-rs descends into. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'moof', 'traf', 'edts', 'udta', 'dinf', 'tref', 'treg', 'mvex', 'mfra', 'meta', 'schi']);

/** ISO/IEC 14496-12:2022 FullBoxes, c2pa-rs's FULL_BOX_TYPES. */
const FULL_BOX_TYPES = new Set([
  'pdin', 'mvhd', 'tkhd', 'mdhd', 'hdlr', 'nmhd', 'elng', 'stsd', 'stdp', 'stts', 'ctts', 'cslg', 'stss', 'stsh', 'elst', 'dref', 'stsz', 'stz2', 'stsc',
  'stco', 'co64', 'padb', 'subs', 'saiz', 'saio', 'mehd', 'trex', 'mfhd', 'tfhd', 'trun', 'tfra', 'mfro', 'tfdt', 'leva', 'trep', 'assp', 'sbgp', 'sgpd',
  'csgp', 'cprt', 'tsel', 'kind', 'meta', 'xml ', 'bxml', 'iloc', 'pitm', 'ipro', 'infe', 'iinf', 'iref', 'ipma', 'schm', 'fiin', 'fpar', 'fecr', 'gitn',
  'fire', 'stri', 'stsg', 'stvi', 'csch', 'sidx', 'ssix', 'prft', 'srpp', 'vmhd', 'smhd', 'srat', 'chnl', 'dmix', 'txtC', 'mime', 'uri ', 'uriI', 'hmhd',
  'sthd', 'vvhd', 'medc',
]);

export const C2PA_UUID = Uint8Array.from(Buffer.from('d8fec3d61b0e483c92975828877ec481', 'hex'));

const lossy = new TextDecoder('utf-8');
const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
export const sameBytes = (a: Uint8Array, b: Uint8Array) => a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

/** Reads small ranges through one window, so walking the headers of a container costs few source reads. */
export class WindowReader {
  private start = 0;
  private window: Uint8Array = new Uint8Array(0);
  constructor(readonly source: ByteSource) {}

  /** `length` bytes at `offset`, or null when they are not all inside the source. */
  async bytes(offset: number, length: number): Promise<Uint8Array | null> {
    if (offset < 0 || length < 0 || offset + length > this.source.size) return null;
    if (offset < this.start || offset + length > this.start + this.window.byteLength) {
      this.start = offset;
      this.window = await this.source.read(offset, Math.min(Math.max(length, WINDOW), this.source.size - offset));
    }
    return this.window.subarray(offset - this.start, offset - this.start + length);
  }
}

/** The top-level boxes of a BMFF file with their descendants, or null where c2pa-rs would not build the same tree. */
export async function readBmffTree(source: ByteSource): Promise<BmffBox[] | null> {
  const reader = new WindowReader(source);
  // c2pa-rs reads the ftyp first (read_ftyp_box) and fails on one of a bad size.
  const ftyp = await reader.bytes(0, 8);
  if (!ftyp || latin1(ftyp.subarray(4, 8)) !== 'ftyp') return null;
  const ftypSize = new DataView(ftyp.buffer, ftyp.byteOffset).getUint32(0);
  if (ftypSize < 16 || ftypSize % 4 !== 0 || ftypSize > source.size) return null;
  const count = { boxes: 0 };
  const top: BmffBox[] = [];
  return (await readChildren(reader, top, 0, source.size, 1, count)) ? top : null;
}

async function readChildren(reader: WindowReader, into: BmffBox[], start: number, end: number, level: number, count: { boxes: number }): Promise<boolean> {
  if (level > MAX_BOX_DEPTH) return false;
  const topLevel = level === 1;
  let current = start;
  while (current < end) {
    if ((count.boxes += 1) > MAX_BOXES) return false;
    // Fewer bytes than a header: c2pa-rs would read past the parent or stop early.
    const header = end - current >= 8 ? await reader.bytes(current, 8) : null;
    if (!header) return false;
    const view = new DataView(header.buffer, header.byteOffset, 8);
    let size = view.getUint32(0);
    const typeBytes = header.slice(4, 8);
    let headerSize = 8;
    if (size === 1) {
      const large = end - current >= 16 ? await reader.bytes(current + 8, 8) : null;
      if (!large) return false;
      const value = new DataView(large.buffer, large.byteOffset, 8).getBigUint64(0);
      if (value === 0n || value > BigInt(Number.MAX_SAFE_INTEGER)) return false;
      size = Number(value);
      headerSize = 16;
    } else if (size === 0) {
      // "To the end of the file" is only the same as "to the end of the parent" at the top.
      if (!topLevel) return false;
      size = end - current;
    }
    // Sizes smaller than the header, and boxes overrunning their parent (a truncated mdat among
    // them, which c2pa-rs shortens), are for c2pa-rs to judge.
    if (size < headerSize || current + size > end) return false;
    const type = latin1(typeBytes);
    const box: BmffBox = { path: lossy.decode(typeBytes), type, offset: current, size, headerSize, version: null, flags: null, userType: null, children: [] };
    let contentStart = current + headerSize;
    const readFullBoxHeader = async () => {
      const bytes = size >= contentStart - current + 4 ? await reader.bytes(contentStart, 4) : null;
      if (!bytes) return false;
      box.version = bytes[0]!;
      box.flags = (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!;
      contentStart += 4;
      return true;
    };
    if (type === 'uuid') {
      const userType = size >= headerSize + 16 ? await reader.bytes(contentStart, 16) : null;
      if (!userType) return false;
      box.userType = userType.slice();
      contentStart += 16;
      // A C2PA ContentProvenanceBox is a FullBox.
      if (sameBytes(box.userType, C2PA_UUID) && !(await readFullBoxHeader())) return false;
    } else if (CONTAINERS.has(type)) {
      if (FULL_BOX_TYPES.has(type)) {
        // QuickTime writes `meta` without the FullBox header: c2pa-rs peeks for the `hdlr` that follows.
        const peek = size >= headerSize + 8 ? await reader.bytes(contentStart, 8) : null;
        if (!peek) return false;
        if (latin1(peek.subarray(4, 8)) !== 'hdlr' && !(await readFullBoxHeader())) return false;
      }
      if (contentStart < current + size && !(await readChildren(reader, box.children, contentStart, current + size, level + 1, count))) return false;
    } else if (FULL_BOX_TYPES.has(type) && !(await readFullBoxHeader())) {
      return false;
    }
    into.push(box);
    current += size;
  }
  return true;
}

/**
 * The boxes an exclusion's xpath names, as c2pa-rs's XpathFetch resolves it: `/moov/trak` is every
 * trak of every moov, `/moov/trak[2]` the second trak; null for no match or a malformed path.
 */
export function boxesAt(top: readonly BmffBox[], xpath: string): BmffBox[] | null {
  const parts = xpath.replace(/^\/+/, '').split('/');
  let children: readonly BmffBox[] = top;
  let current: BmffBox[] = [];
  for (const part of parts) {
    // Rust's str::len is in UTF-8 bytes.
    if (Buffer.byteLength(part) < 4) return null;
    if (children.length === 0) return null;
    if (part.includes('[')) {
      const [root = '', rest = ''] = part.split('[');
      const digits = rest.replace(/\]+$/, '');
      if (!/^\+?[0-9]+$/.test(digits)) return null;
      const index = Number(digits);
      if (Buffer.byteLength(root) < 4 || index === 0 || !Number.isSafeInteger(index)) return null;
      const matching = children.filter((box) => box.path === root);
      const chosen = matching[index - 1];
      if (!chosen) return null;
      current = [chosen];
      children = chosen.children;
    } else {
      current = children.filter((box) => box.path === part);
      children = current.flatMap((box) => box.children);
    }
  }
  return current.length > 0 ? current : null;
}
