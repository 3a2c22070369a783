// The transform request: a client must say what to do, and the result's size is bounded before any
// image is decoded.
import { describe, expect, it } from 'vitest';
import { refusalOf } from './testing/refusal.ts';
import { MAX_TRANSFORM_SIDE, ZTransformRequest } from './transform.ts';

describe('ZTransformRequest', () => {
  it('takes a resize of one side, fitting inside by default, and a crop in pixels by default', () => {
    expect(ZTransformRequest.parse({ resize: { width: 1200 }, format: 'webp', quality: 80 })).toEqual({ resize: { width: 1200, fit: 'inside' }, format: 'webp', quality: 80 });
    expect(ZTransformRequest.parse({ crop: { left: 0, top: 0, width: 10, height: 10 } }).crop).toEqual({ left: 0, top: 0, width: 10, height: 10, unit: 'px' });
  });

  it('refuses a request that asks nothing, or something it does not know', () => {
    expect(refusalOf(ZTransformRequest, {})?.message).toBe('Say what to do: resize, crop, format or quality');
    expect(refusalOf(ZTransformRequest, { rotate: 90 })?.message).toMatch(/rotate/);
  });

  it('bounds each side and the quality, naming the field', () => {
    expect(refusalOf(ZTransformRequest, { resize: { width: MAX_TRANSFORM_SIDE + 1 } })).toEqual({ field: 'resize.width', message: 'resize.width must be at most 8192' });
    expect(refusalOf(ZTransformRequest, { resize: { height: 10.5 } })).toEqual({ field: 'resize.height', message: 'resize.height must be a whole number of pixels' });
    expect(refusalOf(ZTransformRequest, { resize: { fit: 'cover' } })).toEqual({ field: 'resize', message: 'resize needs a width or a height' });
    expect(refusalOf(ZTransformRequest, { quality: 101 })).toEqual({ field: 'quality', message: 'quality must be between 1 and 100' });
  });

  it('keeps a crop in percent within the image', () => {
    expect(refusalOf(ZTransformRequest, { crop: { left: 50, top: 0, width: 60, height: 10, unit: 'percent' } })).toEqual({ field: 'crop', message: 'a crop in percent must stay within 100% of each side' });
    expect(refusalOf(ZTransformRequest, { crop: { left: 0.5, top: 0, width: 10, height: 10 } })).toEqual({ field: 'crop', message: 'a crop in pixels takes whole numbers' });
  });
});
