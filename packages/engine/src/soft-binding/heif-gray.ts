// An HEVC-coded HEIF image (HEIC, HEIF) decoded by libheif in WebAssembly (libheif-js, used as it
// ships: LGPL-3.0, see the package README's third-party notices) straight to what the ISCC
// Image-Code's normalisation needs: its content box and its gray pixels, read from libheif's own
// RGB plane inside the WebAssembly memory. heic-decode, used before, copied every decoded pixel out
// as RGBA (4 bytes a pixel in JavaScript) and sharp then made an RGB copy (3 more), so photos over
// 16 megapixels were not fingerprinted at all. Read in place, the copies are one gray byte a pixel,
// and libheif's plane is RGB, not RGBA. Measured on an 8000 × 6000 HEIC (fixtures/scene-48mp.heic,
// the whole normalisation in a fresh process, /usr/bin/time's peak resident set): 464 MB in a
// process at 91 MB before it (some 8 bytes a pixel), where heic-decode's path peaked at 799 MB; the
// fingerprint is bit for bit the same. libheif decodes the whole image (it cannot shrink as it
// decodes), and applies the file's rotation and mirroring as heic-decode did.
//
// An image with an alpha channel is flattened on white first, as sharp does for other formats: that
// takes an RGBA plane and an RGB copy, so such images keep the lower bound (image-normalisation.ts).
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { grayOfRgb, type GrayImage } from './gray-content-box.ts';

/** One channel of a decoded image: a view into libheif's WebAssembly memory, valid until the image is released. */
interface HeifChannel {
  id: number;
  width: number;
  height: number;
  stride: number;
  data: Uint8Array;
}

interface HeifDecodedImage {
  code?: number;
  channels: HeifChannel[];
  image: unknown;
}

interface HeifImageHandle {
  handle: unknown;
  get_width(): number;
  get_height(): number;
  has_alpha_channel(): boolean;
  free(): void;
}

/** What this module uses of libheif-js's Emscripten module (it ships no types for it). */
interface LibHeif {
  ready?: Promise<unknown>;
  HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImageHandle[]; decoder: { delete(): void } | null };
  heif_js_decode_image2(handle: unknown, colorspace: number, chroma: number): HeifDecodedImage | Promise<HeifDecodedImage>;
  heif_image_release(image: unknown): void;
  heif_colorspace: { heif_colorspace_RGB: number };
  heif_chroma: { heif_chroma_interleaved_RGB: number; heif_chroma_interleaved_RGBA: number };
  heif_channel: { heif_channel_interleaved: number };
}

let libheif: LibHeif | null = null;

/** Whether this thread loaded libheif, whose memory stays as large as the largest image it decoded. */
export function libheifLoaded(): boolean {
  return libheif !== null;
}

async function loadLibheif(): Promise<LibHeif> {
  if (!libheif) {
    // The WebAssembly build bundled in one CommonJS file (no .wasm to find at run time).
    const loaded = createRequire(import.meta.url)('libheif-js/wasm-bundle') as LibHeif;
    await loaded.ready;
    libheif = loaded;
  }
  return libheif;
}

/** The first image's interleaved plane, rows `stride` bytes apart (RGB, or RGBA when `withAlpha`). */
async function decodeFirst(bytes: Uint8Array, withAlpha: (handle: HeifImageHandle) => boolean): Promise<{ plane: HeifChannel; alpha: boolean; release: () => void }> {
  const heif = await loadLibheif();
  const decoder = new heif.HeifDecoder();
  const images = decoder.decode(bytes);
  const dispose = (): void => {
    for (const image of images) image.free();
    decoder.decoder?.delete();
  };
  try {
    const first = images[0];
    if (!first) throw new Error('no image in the HEIF file');
    const alpha = withAlpha(first);
    const decoded = await heif.heif_js_decode_image2(first.handle, heif.heif_colorspace.heif_colorspace_RGB, alpha ? heif.heif_chroma.heif_chroma_interleaved_RGBA : heif.heif_chroma.heif_chroma_interleaved_RGB);
    if (!decoded || decoded.code) throw new Error('libheif could not decode the image');
    const plane = decoded.channels.find((channel) => channel.id === heif.heif_channel.heif_channel_interleaved);
    if (!plane) {
      heif.heif_image_release(decoded.image);
      throw new Error('libheif gave no interleaved plane');
    }
    return {
      plane,
      alpha,
      release: () => {
        heif.heif_image_release(decoded.image);
        dispose();
      },
    };
  } catch (error) {
    dispose();
    throw error;
  }
}

/**
 * Decodes the HEIF's first image and reduces it to its gray content box. `maxPixels` bounds an
 * image without alpha, `maxAlphaPixels` one with (which takes more memory): larger ones throw before
 * anything is decoded.
 */
export async function heifGray(bytes: Uint8Array, limits: { maxPixels: number; maxAlphaPixels: number }): Promise<GrayImage> {
  const { plane, alpha, release } = await decodeFirst(bytes, (handle) => {
    const pixels = handle.get_width() * handle.get_height();
    const withAlpha = handle.has_alpha_channel();
    if (pixels > (withAlpha ? limits.maxAlphaPixels : limits.maxPixels)) throw new Error('too large to decode whole');
    return withAlpha;
  });
  try {
    if (!alpha) return grayOfRgb(plane.data, plane.width, plane.height, plane.stride);
    // Alpha on white, as sharp flattens every other format: the rows copied out of the plane first (sharp wants them packed).
    const packed = Buffer.allocUnsafe(plane.width * plane.height * 4);
    for (let y = 0; y < plane.height; y++) packed.set(plane.data.subarray(y * plane.stride, y * plane.stride + plane.width * 4), y * plane.width * 4);
    const { data, info } = await sharp(packed, { raw: { width: plane.width, height: plane.height, channels: 4 } }).flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return grayOfRgb(data, info.width, info.height, info.width * 3);
  } finally {
    release();
  }
}
