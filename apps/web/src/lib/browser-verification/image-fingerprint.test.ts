import { describe, expect, it } from 'vitest';
import { imageCode, hammingDistance } from '@provenance/engine/soft-binding';
import { normalisedPixels, type RgbaImage } from './image-fingerprint';

/** A test picture: diagonal gradients and a dark disc, drawn at any size. */
function picture(width: number, height: number, border = 0, borderColour = 255): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const inside = x >= border && y >= border && x < width - border && y < height - border;
      const u = (x - border) / (width - 2 * border);
      const v = (y - border) / (height - 2 * border);
      const disc = (u - 0.35) ** 2 + (v - 0.6) ** 2 < 0.04;
      const value = inside ? (disc ? 20 : Math.round(60 + 150 * u * (1 - v) + 40 * v)) : borderColour;
      data.set([value, inside ? Math.round(value * 0.8) : value, inside ? Math.round(255 - value / 2) : value, 255], at);
    }
  }
  return { width, height, data };
}

const digestOf = (image: RgbaImage) => imageCode(normalisedPixels(image)).digest;

describe('the ISCC Image-Code of a picture, computed in the browser', () => {
  it('normalises to 32x32 gray pixels', () => {
    expect(normalisedPixels(picture(120, 80)).length).toBe(1024);
  });

  it('crops a uniform border, so a framed copy fingerprints like the picture', () => {
    expect(hammingDistance(digestOf(picture(160, 120)), digestOf(picture(200, 160, 20)))).toBeLessThanOrEqual(4);
  });

  it('puts transparency on white', () => {
    const clear = { width: 4, height: 4, data: new Uint8ClampedArray(4 * 4 * 4) };
    expect([...normalisedPixels(clear)].every((value) => value === 255)).toBe(true);
  });

  it('keeps a resized copy near and tells a different picture apart', () => {
    const original = digestOf(picture(300, 200));
    expect(hammingDistance(original, digestOf(picture(150, 100)))).toBeLessThanOrEqual(8);
    // The same picture upside down is another picture to the fingerprint.
    const source = picture(300, 200);
    const flipped = { ...source, data: new Uint8ClampedArray(source.data.length) };
    for (let y = 0; y < 200; y++) flipped.data.set(source.data.subarray(y * 300 * 4, (y + 1) * 300 * 4), (199 - y) * 300 * 4);
    expect(hammingDistance(original, digestOf(flipped))).toBeGreaterThan(8);
  });
});
