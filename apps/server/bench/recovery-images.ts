/**
 * The images of the recovery bench, nothing downloaded: photos of the shared corpus (c2pa-rs and
 * public test files), PNG and JPEG files already on this machine (Debian's /usr/share, node_modules),
 * and images synthesised with sharp from a seed (gradients, shapes, text-like lines, noise, tiles,
 * plasma). Every family can make any number of distinct images, so the unrelated set is synthesised
 * from seeds the signed set never uses.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export interface BenchImage {
  /** Where it came from: corpus, disk or synthetic, with its family or path. */
  name: string;
  origin: 'corpus' | 'disk' | 'synthetic';
  bytes: Uint8Array;
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
}

/** A small seeded PRNG (mulberry32): the same seed, the same image, run after run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MIME_OF: Record<string, BenchImage['mime']> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

function listFiles(root: string, pattern: RegExp, limit: number, out: string[] = []): string[] {
  let entries: string[];
  try {
    entries = readdirSync(root);
  } catch {
    return out;
  }
  for (const entry of entries.sort()) {
    if (out.length >= limit) break;
    const full = path.join(root, entry);
    let stat;
    try {
      stat = statSync(full);
    } catch {
      continue;
    }
    if (stat.isDirectory()) listFiles(full, pattern, limit, out);
    else if (pattern.test(entry) && stat.size > 2048 && stat.size < 30_000_000) out.push(full);
  }
  return out;
}

/** Files sharp reads as JPEG, PNG or WebP of at least 64×64, one per content and per file name. */
async function readableImages(files: string[], origin: BenchImage['origin'], limit: number, label: (file: string) => string): Promise<BenchImage[]> {
  const seen = new Set<string>();
  const images: BenchImage[] = [];
  for (const file of files) {
    if (images.length >= limit) break;
    const bytes = new Uint8Array(readFileSync(file));
    // Icon themes hold one picture at many sizes under the same name: one of them only.
    const key = path.basename(file).replace(/\.[a-z]+$/i, '').toLowerCase();
    const hash = createHash('sha256').update(bytes).digest('hex');
    if (seen.has(hash) || seen.has(key)) continue;
    try {
      const meta = await sharp(bytes).metadata();
      const mime = meta.format && MIME_OF[meta.format];
      if (!mime || (meta.width ?? 0) < 64 || (meta.height ?? 0) < 64 || (meta.pages ?? 1) > 1) continue;
      seen.add(hash);
      seen.add(key);
      images.push({ name: label(file), origin, bytes, mime });
    } catch {
      continue;
    }
  }
  return images;
}

export async function corpusImages(corpusDir: string, limit: number): Promise<BenchImage[]> {
  const files = [...listFiles(path.join(corpusDir, 'public-testfiles'), /\.(jpe?g|png|webp)$/i, 500), ...listFiles(path.join(corpusDir, 'c2pa-rs'), /\.(jpe?g|png|webp)$/i, 500)];
  return readableImages(files, 'corpus', limit, (file) => `corpus:${path.relative(corpusDir, file)}`);
}

export async function diskImages(roots: string[], limit: number): Promise<BenchImage[]> {
  // Spread over the roots and their folders rather than the first folder's hundred icons.
  const files = roots.flatMap((root) => listFiles(root, /\.(jpe?g|png)$/i, 4000));
  const step = Math.max(1, Math.floor(files.length / (limit * 3)));
  const spread = files.filter((_, index) => index % step === 0);
  return readableImages(spread, 'disk', limit, (file) => `disk:${file}`);
}

export const SYNTHETIC_FAMILIES = ['gradient', 'shapes', 'text-lines', 'noise', 'tiles', 'plasma'] as const;
export type SyntheticFamily = (typeof SYNTHETIC_FAMILIES)[number];

const colour = (random: () => number) => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;

function svgOf(family: Exclude<SyntheticFamily, 'noise' | 'plasma'>, width: number, height: number, random: () => number): string {
  const parts: string[] = [];
  if (family === 'gradient') {
    const angle = random() * 360;
    const stops = 2 + Math.floor(random() * 4);
    const stop = Array.from({ length: stops }, (_, i) => `<stop offset="${(i / (stops - 1)).toFixed(2)}" stop-color="${colour(random)}"/>`).join('');
    parts.push(`<defs><linearGradient id="g" gradientTransform="rotate(${angle.toFixed(1)} .5 .5)">${stop}</linearGradient><radialGradient id="r" cx="${random().toFixed(2)}" cy="${random().toFixed(2)}" r="${(0.2 + random() * 0.5).toFixed(2)}"><stop offset="0" stop-color="${colour(random)}" stop-opacity=".8"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>`);
    parts.push(`<rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#r)"/>`);
  } else if (family === 'shapes') {
    parts.push(`<rect width="100%" height="100%" fill="${colour(random)}"/>`);
    for (let i = 0, n = 5 + Math.floor(random() * 30); i < n; i++) {
      const [x, y, s] = [random() * width, random() * height, 10 + random() * Math.min(width, height) * 0.4];
      parts.push(
        random() < 0.5
          ? `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(s / 2).toFixed(0)}" fill="${colour(random)}" fill-opacity="${(0.4 + random() * 0.6).toFixed(2)}"/>`
          : `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${s.toFixed(0)}" height="${(s * (0.3 + random())).toFixed(0)}" fill="${colour(random)}" transform="rotate(${(random() * 90).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})"/>`,
      );
    }
  } else if (family === 'text-lines') {
    // A page or screenshot: a light or dark ground, a header bar, and lines of word-like blocks.
    const dark = random() < 0.3;
    parts.push(`<rect width="100%" height="100%" fill="${dark ? '#1e1e24' : '#fafafa'}"/><rect width="100%" height="${(height * (0.05 + random() * 0.1)).toFixed(0)}" fill="${colour(random)}"/>`);
    const lineHeight = 10 + random() * 14;
    const margin = 10 + random() * width * 0.1;
    for (let y = height * 0.2; y < height - lineHeight; y += lineHeight * 1.6) {
      let x = margin;
      const end = width - margin - random() * width * (random() < 0.2 ? 0.6 : 0.05);
      while (x < end) {
        const word = 8 + random() * 60;
        parts.push(`<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${Math.min(word, end - x).toFixed(0)}" height="${(lineHeight * 0.7).toFixed(0)}" rx="2" fill="${dark ? '#d0d0d8' : '#303036'}"/>`);
        x += word + 6;
      }
      if (random() < 0.15) y += lineHeight;
    }
  } else {
    const size = 8 + Math.floor(random() * 56);
    const [a, b] = [colour(random), colour(random)];
    parts.push(`<defs><pattern id="p" width="${size * 2}" height="${size * 2}" patternUnits="userSpaceOnUse" patternTransform="rotate(${(random() * 45).toFixed(0)})"><rect width="${size * 2}" height="${size * 2}" fill="${a}"/><rect width="${size}" height="${size}" fill="${b}"/><rect x="${size}" y="${size}" width="${size}" height="${size}" fill="${b}"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/>`);
    parts.push(`<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height).toFixed(0)}" r="${(Math.min(width, height) * (0.1 + random() * 0.3)).toFixed(0)}" fill="${colour(random)}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
}

/** Sums of a few random sine waves over the plane, in colour: smooth, photo-like structure. */
function plasma(width: number, height: number, random: () => number): Buffer {
  const waves = Array.from({ length: 3 + Math.floor(random() * 4) }, () => ({ fx: (random() - 0.5) * 0.08, fy: (random() - 0.5) * 0.08, phase: random() * 6.28, channel: Math.floor(random() * 3) }));
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sums = [0, 0, 0];
      for (const wave of waves) sums[wave.channel]! += Math.sin(wave.fx * x + wave.fy * y + wave.phase);
      for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, 128 + sums[c]! * 60));
    }
  }
  return data;
}

/** One synthetic image of a family, from its seed (the same seed gives the same image). */
export async function syntheticImage(family: SyntheticFamily, seed: number): Promise<BenchImage> {
  const random = seeded(seed * 7919 + SYNTHETIC_FAMILIES.indexOf(family));
  const width = 240 + Math.floor(random() * 400);
  const height = 180 + Math.floor(random() * 360);
  let image: sharp.Sharp;
  if (family === 'noise') {
    // Blurred noise at a random scale, so it is neither pure static nor flat.
    const cells = 4 + Math.floor(random() * 60);
    const small = Buffer.from(Array.from({ length: cells * cells * 3 }, () => Math.floor(random() * 256)));
    image = sharp(await sharp(small, { raw: { width: cells, height: cells, channels: 3 } }).resize(width, height, { kernel: 'cubic' }).raw().toBuffer(), { raw: { width, height, channels: 3 } });
  } else if (family === 'plasma') {
    image = sharp(plasma(width, height, random), { raw: { width, height, channels: 3 } });
  } else {
    image = sharp(Buffer.from(svgOf(family, width, height, random)));
  }
  const png = random() < 0.35;
  const bytes = png ? await image.png().toBuffer() : await image.jpeg({ quality: 85 + Math.floor(random() * 10) }).toBuffer();
  return { name: `synthetic:${family}#${seed}`, origin: 'synthetic', bytes: new Uint8Array(bytes), mime: png ? 'image/png' : 'image/jpeg' };
}

/** `count` synthetic images, the families in turn, from seeds starting at `firstSeed`. */
export async function syntheticImages(count: number, firstSeed: number): Promise<BenchImage[]> {
  const images: BenchImage[] = [];
  for (let i = 0; i < count; i++) images.push(await syntheticImage(SYNTHETIC_FAMILIES[i % SYNTHETIC_FAMILIES.length]!, firstSeed + Math.floor(i / SYNTHETIC_FAMILIES.length)));
  return images;
}
