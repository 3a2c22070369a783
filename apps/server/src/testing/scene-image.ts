// Synthetic photos-like test images for the manifest repository's tests: flat background and a few
// coloured shapes placed from a seed, so different seeds give images unlike each other.
import sharp from 'sharp';

/** A synthetic scene (shapes in colours from the seed): images unlike each other, unlike gradients with noise. */
export async function sceneImage(seed: number, width = 320, height = 240): Promise<Uint8Array> {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state % n;
  };
  const shapes = Array.from({ length: 6 }, () => {
    const colour = `rgb(${next(256)},${next(256)},${next(256)})`;
    return next(2)
      ? `<ellipse cx="${next(width)}" cy="${next(height)}" rx="${20 + next(90)}" ry="${20 + next(70)}" fill="${colour}"/>`
      : `<rect x="${next(width)}" y="${next(height)}" width="${30 + next(150)}" height="${30 + next(120)}" fill="${colour}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="rgb(${next(256)},${next(256)},${next(256)})"/>${shapes}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer());
}
