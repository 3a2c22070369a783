// The pixel work of a provenance-preserving transform, with sharp: crop, then resize, then encode,
// and the C2PA actions that say what was done (c2pa.cropped, c2pa.resized, c2pa.transcoded). sharp
// writes no metadata, so the output carries no manifest: the signing step adds the source as parent.
import { MAX_TRANSFORM_PIXELS, MAX_TRANSFORM_SIDE, type TTransform, type TTransformFormat } from '@provenance/contracts';
import type { EditAction } from '@provenance/engine';
import sharp from 'sharp';
import { DomainError } from '../domain-error.ts';

export interface TransformedPixels {
  bytes: Uint8Array;
  mime: string;
  format: TTransformFormat;
  width: number;
  height: number;
  edits: EditAction[];
}

const MIME: Record<TTransformFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };
const NAME: Record<TTransformFormat, string> = { jpeg: 'JPEG', png: 'PNG', webp: 'WebP', avif: 'AVIF' };
/** Formats sharp reports for inputs, to the output format a transform keeps when none is asked. */
const KEEPS: Record<string, TTransformFormat> = { jpeg: 'jpeg', png: 'png', webp: 'webp', heif: 'avif' };

/** A transform that takes longer is stopped (sharp checks between tiles; an AVIF encode runs to its end). */
const TRANSFORM_TIMEOUT_SECONDS = 30;

type Resize = NonNullable<TTransform['resize']>;

/** The size sharp's resize gives an image of width × height (to the pixel or so: sharp rounds its own way). */
function resizedSize(width: number, height: number, resize: Resize): { width: number; height: number } {
  const { width: toWidth, height: toHeight, fit } = resize;
  if (toWidth === undefined) return { width: Math.max(1, Math.round((width * toHeight!) / height)), height: toHeight! };
  if (toHeight === undefined) return { width: toWidth, height: Math.max(1, Math.round((height * toWidth) / width)) };
  if (fit !== 'inside' && fit !== 'outside') return { width: toWidth, height: toHeight };
  const scale = (fit === 'inside' ? Math.min : Math.max)(toWidth / width, toHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Refuses a result larger than a transform makes, before any pixel is decoded: a resize of one side
 * scales the other (a 100×1 image 8,000 high is 800,000 wide), and without a resize the result is the
 * image as it is, which may be more than an encoder writes (AVIF 16,384 a side, JPEG 65,535).
 */
function checkResultSize(width: number, height: number, resized: boolean): void {
  if (width <= MAX_TRANSFORM_SIDE && height <= MAX_TRANSFORM_SIDE && width * height <= MAX_TRANSFORM_PIXELS) return;
  const limits = `a transform makes at most ${MAX_TRANSFORM_SIDE} pixels a side and ${MAX_TRANSFORM_PIXELS / 1_000_000} megapixels in all`;
  throw new DomainError(
    'invalid',
    'transform_too_large',
    resized ? `resize: the result would be ${width}×${height} pixels; ${limits}` : `The result would be the image as it is, ${width}×${height} pixels; ${limits}: add a resize within them`,
  );
}

/** The source's own format when sharp can write it, else JPEG (GIF, TIFF, HEIC...). */
function outputFormat(inputFormat: string | undefined, sourceMime: string, asked: TTransformFormat | undefined): TTransformFormat {
  if (asked) return asked;
  if (sourceMime === 'image/avif') return 'avif';
  return (inputFormat && inputFormat !== 'heif' ? KEEPS[inputFormat] : undefined) ?? 'jpeg';
}

export async function transformPixels(source: Uint8Array, sourceMime: string, transform: TTransform): Promise<TransformedPixels> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(source, { limitInputPixels: 100_000_000 }).metadata();
  } catch {
    throw new DomainError('unprocessable', 'unsupported_format', 'This asset is not an image that can be transformed');
  }
  if (!meta.width || !meta.height) throw new DomainError('unprocessable', 'unsupported_format', 'This asset is not an image that can be transformed');
  // Sizes as people see the image: after its EXIF orientation, which .rotate() applies first.
  const turned = (meta.orientation ?? 1) >= 5;
  let width = turned ? meta.height : meta.width;
  let height = turned ? meta.width : meta.height;
  const edits: EditAction[] = [];
  let pipeline = sharp(source, { limitInputPixels: 100_000_000 }).rotate();

  if (transform.crop) {
    const { crop } = transform;
    const scale = crop.unit === 'percent' ? [width / 100, height / 100] : [1, 1];
    const box = {
      left: Math.round(crop.left * scale[0]!),
      top: Math.round(crop.top * scale[1]!),
      width: Math.max(1, Math.round(crop.width * scale[0]!)),
      height: Math.max(1, Math.round(crop.height * scale[1]!)),
    };
    if (box.left + box.width > width || box.top + box.height > height) {
      throw DomainError.invalid(`The crop (${box.width}×${box.height} at ${box.left},${box.top}) goes beyond the image (${width}×${height})`);
    }
    pipeline = pipeline.extract(box);
    edits.push({ action: 'c2pa.cropped', description: `Cropped from ${width}×${height} to ${box.width}×${box.height} at (${box.left}, ${box.top})` });
    ({ width, height } = box);
  }

  if (transform.resize) {
    const before = `${width}×${height}`;
    pipeline = pipeline.resize({ width: transform.resize.width, height: transform.resize.height, fit: transform.resize.fit });
    // sharp says the final size only after encoding: the description is written then.
    edits.push({ action: 'c2pa.resized', description: before });
  }

  const result = transform.resize ? resizedSize(width, height, transform.resize) : { width, height };
  checkResultSize(result.width, result.height, transform.resize !== undefined);

  const format = outputFormat(meta.format, sourceMime, transform.format);
  const quality = transform.quality;
  if (format === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ ...(quality && { quality }), mozjpeg: true });
  else if (format === 'png') pipeline = pipeline.png();
  else if (format === 'webp') pipeline = pipeline.webp({ ...(quality && { quality }) });
  else pipeline = pipeline.avif({ ...(quality && { quality }) });
  let output: { data: Buffer; info: sharp.OutputInfo };
  try {
    output = await pipeline.timeout({ seconds: TRANSFORM_TIMEOUT_SECONDS }).toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('timeout:')) {
      throw new DomainError('unprocessable', 'transform_too_slow', `The transform took more than ${TRANSFORM_TIMEOUT_SECONDS} seconds; ask for a smaller result`);
    }
    throw error;
  }
  const { data, info } = output;

  const resized = edits.find((edit) => edit.action === 'c2pa.resized');
  if (resized) resized.description = `Resized from ${resized.description} to ${info.width}×${info.height}`;
  const sourceFormat = meta.format === 'heif' && sourceMime === 'image/avif' ? 'avif' : meta.format;
  if (sourceFormat !== format || quality !== undefined) {
    const from = sourceFormat && sourceFormat in NAME ? NAME[sourceFormat as TTransformFormat] : (sourceFormat ?? 'the source format').toUpperCase();
    edits.push({ action: 'c2pa.transcoded', description: sourceFormat === format ? `Re-encoded as ${NAME[format]} at quality ${quality}` : `Converted from ${from} to ${NAME[format]}${quality ? ` at quality ${quality}` : ''}` });
  }
  return { bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mime: MIME[format], format, width: info.width, height: info.height, edits };
}
