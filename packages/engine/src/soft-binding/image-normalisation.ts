// The normalisation of the ISCC Image-Code (io.iscc.v0), as the ISCC reference SDK does it: the
// image decoded with sharp (EXIF orientation applied, alpha on white), the uniform border cropped,
// Pillow's grayscale, bicubic 32x32. It runs in the fingerprint worker (image-fingerprint-worker.ts),
// never on the server's main thread: the crop and grayscale walk every pixel in JavaScript.
//
// A decompression bomb (a few hundred kB of PNG saying 10,000×10,000) must not cost its decoded
// size: an image of more than DECODE_PIXELS is shrunk as it is decoded (sharp shrinks JPEG and WebP
// on load, and streams other formats through the shrink), so a decode holds at most DECODE_PIXELS
// pixels. Images up to that size (photos up to 24 megapixels) are decoded whole, as before, so their
// fingerprint is the reference one; larger ones get the fingerprint of their shrunk copy, a few bits
// from it at most.
//
// sharp's libvips has no HEVC decoder, so a HEIC or HEIF (HEVC-coded) image is decoded by libheif in
// WebAssembly (heif-gray.ts), which applies the image's rotation and mirroring, and reduced to its
// gray content box as it sits in libheif's memory; the same last step follows. libheif decodes whole,
// never shrunk, so such an image is fingerprinted only up to HEVC_DECODE_PIXELS: a 48-megapixel
// photo takes about 373 MB over the process's own at its peak (some 8 bytes a pixel, most of it
// libheif's decoder and planes; 700 MB through heic-decode's copies before), one with alpha up to
// HEVC_ALPHA_DECODE_PIXELS. libheif's WebAssembly memory grows to
// the largest image it decoded and never shrinks, so it is loaded only for such an image, and a
// long-lived thread that loaded it should end (heifDecoderLoaded) to give the memory back.
//
// It lives in the engine, beside the ISCC code, so the CLI signs with the same soft binding as the
// server (whose fingerprint worker runs it).
import sharp from 'sharp';
import { grayOfRgb, type GrayImage } from './gray-content-box.ts';
import { heifGray, libheifLoaded } from './heif-gray.ts';
import { IMAGE_CODE_SIDE } from './iscc-image-code.ts';

/** Images with more pixels than this get no fingerprint (sharp refuses them from their header). */
export const MAX_FINGERPRINT_INPUT_PIXELS = 100_000_000;
/** The most pixels one decode holds (6,000 × 4,000): about 96 MB with its grayscale copy. */
export const DECODE_PIXELS = 24_000_000;
/** The most pixels of an HEVC-coded HEIF image decoded for a fingerprint (48-megapixel phone photos, 8064 × 6048, fit); larger ones get none. */
export const HEVC_DECODE_PIXELS = 50_000_000;
/** The same for one with an alpha channel, flattened on white through an RGBA copy and an RGB one. */
export const HEVC_ALPHA_DECODE_PIXELS = 16_000_000;
/** A decode that takes longer gives up (no fingerprint) rather than hold a worker. */
const DECODE_TIMEOUT_SECONDS = 20;

/** The size to decode an image of width × height (as seen, after its EXIF orientation) at: itself, or shrunk to DECODE_PIXELS. */
export function decodeSize(width: number, height: number): { width: number; height: number } | null {
  if (width * height <= DECODE_PIXELS) return null;
  const scale = Math.sqrt(DECODE_PIXELS / (width * height));
  let shrunkWidth = Math.max(1, Math.round(width * scale));
  let shrunkHeight = Math.max(1, Math.round(height * scale));
  // Rounding, or a side held at 1 pixel (a sliver of an image), may go over: the longer side gives way.
  if (shrunkWidth * shrunkHeight > DECODE_PIXELS) {
    if (shrunkWidth >= shrunkHeight) shrunkWidth = Math.floor(DECODE_PIXELS / shrunkHeight);
    else shrunkHeight = Math.floor(DECODE_PIXELS / shrunkWidth);
  }
  return { width: shrunkWidth, height: shrunkHeight };
}

type Decoded = { data: Buffer; info: sharp.OutputInfo };

/** The image's RGB pixels on white, turned upright, shrunk to DECODE_PIXELS when larger. */
async function decodedBySharp(bytes: Uint8Array, width: number, height: number, orientation: number): Promise<Decoded> {
  const turned = orientation >= 5;
  const shrunk = turned ? decodeSize(height, width) : decodeSize(width, height);
  let pipeline = sharp(bytes, { limitInputPixels: MAX_FINGERPRINT_INPUT_PIXELS }).timeout({ seconds: DECODE_TIMEOUT_SECONDS }).rotate();
  if (shrunk) pipeline = pipeline.resize({ ...shrunk, fit: 'fill' });
  return pipeline.flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

/** Whether this thread loaded libheif, whose memory stays as large as the largest image it decoded. */
export function heifDecoderLoaded(): boolean {
  return libheifLoaded();
}

/** The 1024 normalised gray pixels of an image file; null when it cannot be decoded. */
export async function normalisedPixels(bytes: Uint8Array): Promise<Uint8Array | null> {
  let decoded: Decoded;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_FINGERPRINT_INPUT_PIXELS }).metadata();
    if (!meta.width || !meta.height) return null;
    if (meta.format === 'heif' && meta.compression === 'hevc') {
      // Checked again against the decoded image's own size, which libheif reads from the file.
      if (meta.width * meta.height > HEVC_DECODE_PIXELS) return null;
      return await resizedGray(await heifGray(bytes, { maxPixels: HEVC_DECODE_PIXELS, maxAlphaPixels: HEVC_ALPHA_DECODE_PIXELS }));
    }
    decoded = await decodedBySharp(bytes, meta.width, meta.height, meta.orientation ?? 1);
  } catch {
    return null;
  }
  const { data, info } = decoded;
  if (info.channels !== 3) return null;
  // In place over the decoded pixels: it frees no memory but takes none.
  return resizedGray(grayOfRgb(data, info.width, info.height, info.width * 3, data));
}

/** The gray content box shrunk to 32×32 by bicubic resampling, as Pillow's resize does. */
async function resizedGray({ gray, width, height }: GrayImage): Promise<Uint8Array | null> {
  // One band in, one band out: sharp would otherwise write the gray result as sRGB.
  const resized = await sharp(gray, { raw: { width, height, channels: 1 } })
    .resize(IMAGE_CODE_SIDE, IMAGE_CODE_SIDE, { fit: 'fill', kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (resized.info.channels !== 1 || resized.data.byteLength !== IMAGE_CODE_SIDE * IMAGE_CODE_SIDE) return null;
  return new Uint8Array(resized.data.buffer, resized.data.byteOffset, IMAGE_CODE_SIDE * IMAGE_CODE_SIDE);
}

