// A 48-megapixel HEIC (8000 × 6000, HEVC-coded, as a phone's main camera makes) gets its ISCC
// soft binding: libheif decodes it whole and the gray content box is read in libheif's own memory
// (heif-gray.ts), so such a photo is within the decode bound (50 megapixels). Its fingerprint is the
// picture's: within a few bits of a small JPEG rendering of the same scene.
//
// fixtures/scene-48mp.heic was made from sceneSvg(8000, 6000) below: rendered to JPEG (quality 80)
// with sharp, then encoded by Debian's heif-enc 1.15.1 (libheif with x265):
// `heif-enc -q 30 -p preset=ultrafast -o scene-48mp.heic scene.jpg` (25 kB: a smooth scene).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEVC_DECODE_PIXELS, normalisedPixels } from './image-normalisation.ts';
import { hammingDistance, imageSoftHash } from './iscc-image-code.ts';
import { imageSoftBinding } from './image-soft-binding.ts';

/** A gradient with a disc and a block: the scene the fixture shows. */
function sceneSvg(width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#204080"/><stop offset="1" stop-color="#e0a040"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.2}" fill="#fff"/><rect x="${width * 0.6}" y="${height * 0.5}" width="${width * 0.25}" height="${height * 0.3}" fill="#123"/></svg>`;
}

describe('the ISCC soft binding of a 48-megapixel HEIC', () => {
  it('is computed, and is the picture’s', async () => {
    const heic = new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures/scene-48mp.heic')));
    const meta = await sharp(heic).metadata();
    expect([meta.format, meta.compression, meta.width, meta.height]).toEqual(['heif', 'hevc', 8000, 6000]);

    const pixels = await normalisedPixels(heic);
    expect(pixels, `a ${meta.width! * meta.height!}-pixel HEIC within the bound of ${HEVC_DECODE_PIXELS}`).not.toBeNull();
    const small = await sharp(Buffer.from(sceneSvg(800, 600))).jpeg({ quality: 90 }).toBuffer();
    const reference = await normalisedPixels(new Uint8Array(small));
    expect(hammingDistance(imageSoftHash(pixels!), imageSoftHash(reference!))).toBeLessThanOrEqual(4);

    // And what signing writes: the c2pa.soft-binding value.
    expect(await imageSoftBinding(heic)).not.toBeNull();
  }, 30_000);
});
