// Transform contract: POST /assets/{assetId}/transform resizes, crops and converts a signed image;
// the result is signed with the source as its parent ingredient and answered as a signing is
// (ZSignContentResponse).
import { z } from '@hono/zod-openapi';
import { rejectNul } from './common.ts';
import { ZSigningOrganization } from './sign.ts';

export const TRANSFORM_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type TTransformFormat = (typeof TRANSFORM_FORMATS)[number];

/** Largest side a transform may produce: enough for print, small enough for one request's memory. */
export const MAX_TRANSFORM_SIDE = 8192;
/** Most pixels a transform may produce (8,192 × 4,883): a resize of one side scales the other, so sides alone do not bound it. */
export const MAX_TRANSFORM_PIXELS = 40_000_000;

const side = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number of pixels`)
    .min(1, `${name} must be at least 1`)
    .max(MAX_TRANSFORM_SIDE, `${name} must be at most ${MAX_TRANSFORM_SIDE}`);

export const ZTransformResize = z
  .object({
    width: side('resize.width').optional(),
    height: side('resize.height').optional(),
    fit: z.enum(['inside', 'cover', 'contain', 'fill', 'outside']).default('inside').openapi({ description: 'How the image fits both sides when both are given (as sharp and CSS object-fit): inside keeps it whole' }),
  })
  .refine((resize) => resize.width !== undefined || resize.height !== undefined, { message: 'resize needs a width or a height' })
  .openapi('TransformResize');

/** A rectangle of the image (after EXIF orientation), in pixels or in percent of each side. */
export const ZTransformCrop = z
  .object({
    left: z.number().min(0, 'crop.left must be at least 0'),
    top: z.number().min(0, 'crop.top must be at least 0'),
    width: z.number().positive('crop.width must be more than 0'),
    height: z.number().positive('crop.height must be more than 0'),
    unit: z.enum(['px', 'percent']).default('px'),
  })
  .refine((crop) => crop.unit !== 'percent' || (crop.left + crop.width <= 100 && crop.top + crop.height <= 100), { message: 'a crop in percent must stay within 100% of each side' })
  .refine((crop) => crop.unit !== 'px' || [crop.left, crop.top, crop.width, crop.height].every(Number.isInteger), { message: 'a crop in pixels takes whole numbers' })
  .openapi('TransformCrop');

export const ZTransformRequest = z
  .object({
    resize: ZTransformResize.optional(),
    crop: ZTransformCrop.optional(),
    format: z.enum(TRANSFORM_FORMATS).optional().openapi({ description: 'Convert to this format; the source format when omitted (JPEG when sharp cannot write it)' }),
    quality: z.number().int('quality must be a whole number').min(1, 'quality must be between 1 and 100').max(100, 'quality must be between 1 and 100').optional().openapi({ description: 'Encoder quality for JPEG, WebP and AVIF', example: 80 }),
    title: rejectNul(z.string().trim().min(1, 'title must not be empty').max(200, 'title must be at most 200 characters'), 'title').optional().openapi({ description: 'Title of the new asset; the source’s title with what was done when omitted' }),
    organization: ZSigningOrganization.optional(),
  })
  .strict()
  .refine((body) => body.resize || body.crop || body.format || body.quality !== undefined, { message: 'Say what to do: resize, crop, format or quality' })
  .openapi('TransformRequest', { example: { resize: { width: 1200 }, format: 'webp', quality: 80 } });
export type TTransformRequest = z.input<typeof ZTransformRequest>;
export type TTransform = z.output<typeof ZTransformRequest>;
