/**
 * The `c2pa.soft-binding` assertion a signed asset carries so that a copy stripped of its manifest
 * can be matched to it in a manifest repository: the algorithm (from the C2PA soft-binding algorithm
 * list), one block whose value is computed over the whole content, and a name saying what it covers
 * (the whole image, or a video's poster frame).
 *
 * The specification's schema makes `value` and `pad` byte strings (CBOR major type 2). c2pa-wasm builds
 * assertions from JSON, which has no bytes; c2pa-rs turns a JSON array whose every item is a byte
 * (0–255) into a CBOR byte string, so the bytes are written as such an array. (Until November 2026 the
 * value was written as base64 text, which a reader decoding the schema cannot match to anything.)
 */
import type { ManifestAssertion } from '../manifest/signing-metadata.ts';

export const SOFT_BINDING_LABEL = 'c2pa.soft-binding';

/** A soft binding computed by the caller (the engine never decodes pixels itself). */
export interface SoftBindingValue {
  /** Algorithm name from the C2PA soft-binding algorithm list, e.g. `io.iscc.v0`. */
  alg: string;
  /** The binding's value in base64. */
  value: string;
  /** What it was computed over: the image itself, or a video's poster frame. */
  covers: 'image' | 'poster-frame';
}

export function softBindingAssertion(binding: SoftBindingValue): ManifestAssertion {
  return {
    label: SOFT_BINDING_LABEL,
    data: {
      alg: binding.alg,
      // An empty scope: the value covers the whole content (for a video, the frame it shows first).
      blocks: [{ scope: {}, value: [...Buffer.from(binding.value, 'base64')] }],
      name: binding.covers === 'poster-frame' ? 'ISCC Content-Code Image of the poster frame' : 'ISCC Content-Code Image of the whole image',
      // No padding: c2pa-rs sizes the assertion in one pass. An empty array is an empty byte string.
      pad: [],
    },
    // Computed by the product from the content it signs: a created assertion, not a gathered one.
    created: true,
  };
}
