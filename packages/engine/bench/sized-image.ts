/** Photo-like test images of a given size for the benchmarks, made with sharp. */
import sharp from 'sharp';
import type { ImageFixtureFormat } from '../src/testing/make-assets.ts';

/** A photo-like image of about `targetBytes`: noise compresses poorly, like real detail. */
export async function makeSizedImage(format: ImageFixtureFormat, targetBytes: number): Promise<Uint8Array> {
  let side = Math.round(Math.sqrt(targetBytes / 1.2));
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const pixels = Buffer.alloc(side * side * 3);
    let state = 42;
    for (let index = 0; index < pixels.length; index += 1) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      pixels[index] = ((index / 3) % side) / 4 + (state % 96);
    }
    const bytes = new Uint8Array(await sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).toFormat(format, format === 'jpeg' ? { quality: 90 } : {}).toBuffer());
    const ratio = targetBytes / bytes.byteLength;
    if (ratio > 0.85 && ratio < 1.2) return bytes;
    side = Math.max(16, Math.round(side * Math.sqrt(ratio)));
  }
  throw new Error(`could not make a ${format} of about ${targetBytes} bytes`);
}
