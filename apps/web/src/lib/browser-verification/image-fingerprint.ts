// The ISCC Image-Code (io.iscc.v0) of an image, computed in the browser so a file with no
// credentials of its own can be looked up in the gateway's repository without being uploaded. The
// normalisation follows the gateway's (EXIF orientation applied, alpha on white, the uniform border
// cropped, Pillow's grayscale, a cubic resize to 32x32); the digest itself is the engine's own code.
// The browser's decoder and this resize are close to the gateway's, not identical, so a lookup
// allows the same Hamming distance as the gateway's own matching.
import { eightOrientations, IMAGE_CODE_SIDE, imageCode } from '@provenance/engine/soft-binding';

/** RGBA pixels, as a canvas gives them. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Alpha composited on white, then Pillow's convert('L') (ITU-R 601-2 luma, 16-bit fixed point). */
function grayOnWhite(image: RgbaImage): Uint8Array {
  const gray = new Uint8Array(image.width * image.height);
  for (let i = 0; i < gray.length; i++) {
    const alpha = image.data[i * 4 + 3]! / 255;
    const [r, g, b] = [0, 1, 2].map((c) => Math.round(image.data[i * 4 + c]! * alpha + 255 * (1 - alpha))) as [number, number, number];
    gray[i] = (r * 19595 + g * 38470 + b * 7471 + 0x8000) >> 16;
  }
  return gray;
}

/** The box of pixels that differ from the top-left one; the whole image when none do. */
function contentBox(gray: Uint8Array, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const corner = gray[0];
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (gray[y * width + x] === corner) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return right < 0 ? { left: 0, top: 0, width, height } : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** Catmull-Rom, the cubic kernel the gateway's resize uses. */
function cubic(x: number): number {
  const t = Math.abs(x);
  if (t < 1) return 1.5 * t ** 3 - 2.5 * t ** 2 + 1;
  if (t < 2) return -0.5 * t ** 3 + 2.5 * t ** 2 - 4 * t + 2;
  return 0;
}

/** One axis of a cubic resize, its kernel widened when shrinking so every source pixel counts. */
function resizeAxis(source: Float64Array, length: number, lines: number, target: number, stride: (line: number, i: number) => number, out: (line: number, i: number, value: number) => void): void {
  const scale = length / target;
  const support = 2 * Math.max(1, scale);
  for (let i = 0; i < target; i++) {
    const centre = (i + 0.5) * scale - 0.5;
    const from = Math.max(0, Math.floor(centre - support));
    const to = Math.min(length - 1, Math.ceil(centre + support));
    const weights: number[] = [];
    let total = 0;
    for (let j = from; j <= to; j++) {
      const weight = cubic((j - centre) / Math.max(1, scale));
      weights.push(weight);
      total += weight;
    }
    for (let line = 0; line < lines; line++) {
      let value = 0;
      for (let j = from; j <= to; j++) value += source[stride(line, j)]! * weights[j - from]!;
      out(line, i, total === 0 ? 0 : value / total);
    }
  }
}

/** The 1024 normalised gray pixels of an RGBA image. */
export function normalisedPixels(image: RgbaImage): Uint8Array {
  const gray = grayOnWhite(image);
  const box = contentBox(gray, image.width, image.height);
  const cropped = new Float64Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) for (let x = 0; x < box.width; x++) cropped[y * box.width + x] = gray[(box.top + y) * image.width + box.left + x]!;
  const side = IMAGE_CODE_SIDE;
  const wide = new Float64Array(side * box.height);
  resizeAxis(cropped, box.width, box.height, side, (row, x) => row * box.width + x, (row, x, value) => (wide[row * side + x] = value));
  const result = new Float64Array(side * side);
  resizeAxis(wide, box.height, side, side, (column, y) => y * side + column, (column, y, value) => (result[y * side + column] = value));
  return Uint8Array.from(result, (value) => Math.min(255, Math.max(0, Math.round(value))));
}

/**
 * The 64-bit Image-Code digests of an image file as it is and in its seven other EXIF orientations
 * (as it is first: a copy whose orientation tag was dropped is a turned picture), or null when the
 * browser cannot decode it. Decoded once; the turns are of the 32×32 normalised pixels.
 */
export async function imageFingerprint(file: Blob): Promise<Uint8Array[] | null> {
  if (!file.type.startsWith('image/') || typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return null;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    return eightOrientations(normalisedPixels({ data, width, height })).map((pixels) => imageCode(pixels).digest);
  } catch {
    // An image the browser cannot decode is simply not looked up by its fingerprint.
    return null;
  }
}
