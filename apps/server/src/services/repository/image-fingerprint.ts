// The ISCC Image-Code (io.iscc.v0) of an image file: decodes and normalises it with sharp as the ISCC
// reference SDK does (EXIF orientation applied, alpha on white, the uniform border cropped, Pillow's
// grayscale, bicubic 32x32), then hashes the pixels with the engine. Videos get none: taking a poster
// frame needs a video decoder (ffmpeg), which the gateway does not install, so they are matched by
// exact hash only.
import { imageCode, IMAGE_CODE_SIDE, ISCC_SOFT_BINDING_ALG } from '@provenance/engine';
import sharp from 'sharp';

export interface ImageFingerprint {
  alg: typeof ISCC_SOFT_BINDING_ALG;
  /** `ISCC:EE…` */
  iscc: string;
  /** The 64-bit digest. */
  digest: Uint8Array;
  covers: 'image' | 'poster-frame';
}

const MAX_PIXELS = 100_000_000;

/** The box of pixels that differ from the top-left one (iscc-sdk's image_trim_border); the whole image when none do. */
function contentBox(rgb: Buffer, width: number, height: number): { left: number; top: number; right: number; bottom: number } {
  const [r, g, b] = [rgb[0], rgb[1], rgb[2]];
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      if (rgb[at] === r && rgb[at + 1] === g && rgb[at + 2] === b) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? { left: 0, top: 0, right: width - 1, bottom: height - 1 } : { left, top, right, bottom };
}

/** The 1024 normalised gray pixels of an image file; null when sharp cannot decode it. */
export async function normalisedPixels(bytes: Uint8Array): Promise<Uint8Array | null> {
  let decoded: { data: Buffer; info: sharp.OutputInfo };
  try {
    decoded = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
  const { data, info } = decoded;
  if (info.channels !== 3) return null;
  const box = contentBox(data, info.width, info.height);
  const width = box.right - box.left + 1;
  const height = box.bottom - box.top + 1;
  // Pillow's convert('L'): ITU-R 601-2 luma in 16-bit fixed point, rounded.
  const gray = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = ((box.top + y) * info.width + box.left + x) * 3;
      gray[y * width + x] = (data[at]! * 19595 + data[at + 1]! * 38470 + data[at + 2]! * 7471 + 0x8000) >> 16;
    }
  }
  // One band in, one band out: sharp would otherwise write the gray result as sRGB.
  const resized = await sharp(gray, { raw: { width, height, channels: 1 } })
    .resize(IMAGE_CODE_SIDE, IMAGE_CODE_SIDE, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (resized.info.channels !== 1 || resized.data.byteLength !== IMAGE_CODE_SIDE * IMAGE_CODE_SIDE) return null;
  return new Uint8Array(resized.data.buffer, resized.data.byteOffset, IMAGE_CODE_SIDE * IMAGE_CODE_SIDE);
}

/** The image's ISCC Image-Code; null for a file sharp cannot decode (videos, and formats it lacks). */
export async function fingerprintImage(bytes: Uint8Array): Promise<ImageFingerprint | null> {
  const pixels = await normalisedPixels(bytes);
  if (!pixels) return null;
  const { iscc, digest } = imageCode(pixels);
  return { alg: ISCC_SOFT_BINDING_ALG, iscc, digest, covers: 'image' };
}
