/**
 * ISCC Content-Code Image (ISO 24138, soft-binding algorithm `io.iscc.v0`): a 64-bit perceptual
 * hash of an image from its 32x32 normalised gray pixels, as the reference implementation iscc-core
 * computes it (code_content_image.py, dct.py, codec.py). Pure: the caller decodes and normalises the
 * image (see NORMALISATION below); this module only hashes pixels and encodes the code.
 */

/** The C2PA soft-binding algorithm name of the ISCC Content-Code (C2PA soft-binding algorithm list). */
export const ISCC_SOFT_BINDING_ALG = 'io.iscc.v0';

/** Bits of the Image-Code the gateway uses (the ISCC default). */
export const IMAGE_CODE_BITS = 64;

/** Side of the normalised image: 32x32 gray pixels. */
export const IMAGE_CODE_SIDE = 32;

/**
 * How iscc-sdk normalises an image before hashing (image_normalize), for the decoding caller:
 * EXIF transpose, alpha composited on white, the uniform border (the colour of the top-left pixel)
 * cropped, grayscale, bicubic resize to 32x32, flattened row by row.
 */
export const NORMALISATION = ['exif-transpose', 'alpha-on-white', 'trim-border', 'grayscale', 'bicubic-32x32'] as const;

/**
 * The DCT of iscc-core (alg_dct, Nayuki's fast recursive DCT-II without scaling). Matched step by
 * step, including the order of floating-point operations, because the hash bits compare
 * coefficients to medians and a different but equivalent DCT can flip a bit near a median.
 */
export function isccDct(vector: readonly number[]): number[] {
  const n = vector.length;
  if (n === 1) return [vector[0]!];
  if (n === 0 || n % 2 !== 0) throw new RangeError('The DCT needs a vector of even length');
  const half = n / 2;
  const alpha: number[] = [];
  const beta: number[] = [];
  for (let i = 0; i < half; i++) {
    alpha.push(vector[i]! + vector[n - 1 - i]!);
    beta.push((vector[i]! - vector[n - 1 - i]!) / (Math.cos(((i + 0.5) * Math.PI) / n) * 2.0));
  }
  const a = isccDct(alpha);
  const b = isccDct(beta);
  const result: number[] = [];
  for (let i = 0; i < half - 1; i++) {
    result.push(a[i]!);
    result.push(b[i]! + b[i + 1]!);
  }
  result.push(a[half - 1]!);
  result.push(b[half - 1]!);
  return result;
}

/** Python's statistics.median: the mean of the two middle values of an even count. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * iscc-core's soft_hash_image_v0: the 2-D DCT of the 32x32 pixels (rows, then columns), then for
 * each 8x8 low-frequency slice at (0,0), (1,0), (0,1), (1,1) one bit per coefficient, set when it is
 * above the slice's median, until `bits` bits.
 */
export function imageSoftHash(pixels: ArrayLike<number>, bits: number = IMAGE_CODE_BITS): Uint8Array {
  if (pixels.length !== IMAGE_CODE_SIDE * IMAGE_CODE_SIDE) throw new RangeError(`The Image-Code needs ${IMAGE_CODE_SIDE * IMAGE_CODE_SIDE} gray pixels`);
  if (bits % 64 !== 0 || bits < 64 || bits > 256) throw new RangeError('The Image-Code has 64, 128, 192 or 256 bits');
  const side = IMAGE_CODE_SIDE;
  const rows: number[][] = [];
  for (let y = 0; y < side; y++) rows.push(isccDct(Array.from({ length: side }, (_, x) => pixels[y * side + x]!)));
  const columns: number[][] = [];
  for (let x = 0; x < side; x++) columns.push(isccDct(rows.map((row) => row[x]!)));
  // matrix[y][x] = columns[x][y]
  const slices: ReadonlyArray<readonly [number, number]> = [[0, 0], [1, 0], [0, 1], [1, 1]];
  const digest = new Uint8Array(bits / 8);
  let bit = 0;
  for (const [sx, sy] of slices) {
    const flat: number[] = [];
    for (let y = sy; y < sy + 8; y++) for (let x = sx; x < sx + 8; x++) flat.push(columns[x]![y]!);
    const med = median(flat);
    for (const value of flat) {
      if (value > med) digest[bit >> 3]! |= 0x80 >> (bit & 7);
      bit++;
    }
    if (bit >= bits) return digest;
  }
  return digest;
}

/** The ISCC header nibbles of a Content-Code Image v0 (MainType CONTENT=2, SubType IMAGE=1, Version 0, length bits/32-1). */
function imageCodeHeader(bits: number): Uint8Array {
  const length = bits / 32 - 1;
  return Uint8Array.of((2 << 4) | 1, (0 << 4) | length);
}

/** RFC 4648 base32 without padding, as ISCC writes its codes. */
function base32(bytes: Uint8Array): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let out = '';
  let buffer = 0;
  let count = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    count += 8;
    while (count >= 5) {
      out += alphabet[(buffer >> (count - 5)) & 31];
      count -= 5;
    }
    buffer &= (1 << count) - 1;
  }
  if (count > 0) out += alphabet[(buffer << (5 - count)) & 31];
  return out;
}

/** The canonical ISCC text of an Image-Code digest: `ISCC:EE…`. */
export function encodeImageCode(digest: Uint8Array): string {
  return `ISCC:${base32(new Uint8Array([...imageCodeHeader(digest.length * 8), ...digest]))}`;
}

export interface ImageCode {
  /** `ISCC:EE…` */
  iscc: string;
  /** The 64-bit digest (the soft-binding value). */
  digest: Uint8Array;
}

/** gen_image_code_v0: the ISCC Image-Code of 1024 normalised gray pixels. */
export function imageCode(pixels: ArrayLike<number>, bits: number = IMAGE_CODE_BITS): ImageCode {
  const digest = imageSoftHash(pixels, bits);
  return { iscc: encodeImageCode(digest), digest };
}

/** Bits that differ between two equally long digests. */
export function hammingDistance(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) throw new RangeError('Digests of different lengths');
  let distance = 0;
  for (let i = 0; i < a.length; i++) {
    let x = a[i]! ^ b[i]!;
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}

// The browser's lookup tries the eight orientations of its normalised pixels as the gateway's does.
export { eightOrientations } from './pixel-orientations.ts';
