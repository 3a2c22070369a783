/**
 * Small assets made on the spot for tests and benchmarks, so the always-on suites need no files
 * from outside the repository: images through sharp, and a minimal ISO BMFF (MP4/MOV) file.
 */
import sharp from 'sharp';

export type ImageFixtureFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff';

export const IMAGE_FIXTURE_MIME: Record<ImageFixtureFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
};

/**
 * A picture with real detail (a gradient and noise), so encoders produce realistic sizes and a
 * changed byte in the pixel data lands in the hashed image data.
 */
export async function makeImage(format: ImageFixtureFormat, width = 96, height = 64, seed = 1): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let index = 0; index < pixels.length; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    pixels[index] = ((index % (width * 3)) * 255) / (width * 3) + (state % 32);
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return new Uint8Array(await image.toFormat(format, format === 'jpeg' ? { quality: 92 } : {}).toBuffer());
}

function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((total, part) => total + part.byteLength, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, size);
  out.set(new TextEncoder().encode(type), 4);
  let offset = 8;
  for (const part of payload) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

function movieHeader(): Uint8Array {
  const payload = new Uint8Array(100);
  const view = new DataView(payload.buffer);
  view.setUint32(12, 1000); // timescale
  view.setUint32(16, 0); // duration
  view.setUint32(20, 0x00010000); // rate 1.0
  view.setUint16(24, 0x0100); // volume 1.0
  const matrix = [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000];
  matrix.forEach((value, index) => view.setUint32(36 + index * 4, value));
  view.setUint32(96, 1); // next track ID
  return payload;
}

/** A minimal, well-formed ISO BMFF file: ftyp, moov (mvhd) and an mdat of `mediaBytes` bytes. */
export function makeBmff(kind: 'mp4' | 'mov', mediaBytes = 4096, seed = 7): Uint8Array {
  const brand = kind === 'mp4' ? 'isom' : 'qt  ';
  const compatible = kind === 'mp4' ? ['isom', 'iso2', 'mp41'] : ['qt  '];
  const ftypPayload = new Uint8Array(8 + compatible.length * 4);
  ftypPayload.set(new TextEncoder().encode(brand), 0);
  new DataView(ftypPayload.buffer).setUint32(4, 0x200);
  compatible.forEach((name, index) => ftypPayload.set(new TextEncoder().encode(name), 8 + index * 4));
  const media = new Uint8Array(mediaBytes);
  let state = seed;
  for (let index = 0; index < media.length; index += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    media[index] = state & 0xff;
  }
  const parts = [box('ftyp', ftypPayload), box('moov', box('mvhd', movieHeader())), box('mdat', media)];
  const out = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/**
 * A copy of a JPEG with one byte of its entropy-coded image data changed, just before the
 * end-of-image marker and so outside any manifest: what a tampered pixel looks like to a validator.
 */
export function tamperJpegPixel(jpeg: Uint8Array): Uint8Array {
  const tampered = jpeg.slice();
  let index = tampered.length - 12;
  // Stay clear of markers (0xFF..) and of the byte after one, which would change the file's structure.
  while (tampered[index] === 0xff || tampered[index - 1] === 0xff || tampered[index] === 0xfe) index -= 1;
  tampered[index] = tampered[index]! ^ 0x01;
  return tampered;
}
