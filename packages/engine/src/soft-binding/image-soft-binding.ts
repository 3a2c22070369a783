/**
 * The ISCC soft binding of an image file, computed in this process: what the CLI writes into the
 * manifests it signs, the same value the server's fingerprint worker computes for its signings.
 */
import { normalisedPixels } from './image-normalisation.ts';
import { imageCode, ISCC_SOFT_BINDING_ALG } from './iscc-image-code.ts';
import type { SoftBindingValue } from './soft-binding-assertion.ts';

/** The image's soft binding; null when its pixels cannot be decoded (or it is too large to). */
export async function imageSoftBinding(bytes: Uint8Array): Promise<SoftBindingValue | null> {
  const pixels = await normalisedPixels(bytes);
  if (!pixels) return null;
  return { alg: ISCC_SOFT_BINDING_ALG, value: Buffer.from(imageCode(pixels).digest).toString('base64'), covers: 'image' };
}
