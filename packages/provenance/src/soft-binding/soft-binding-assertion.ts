/**
 * The `c2pa.soft-binding` assertion a signed asset carries so that a copy stripped of its manifest
 * can be matched to it in a manifest repository: the algorithm (from the C2PA soft-binding algorithm
 * list), one block whose value (base64, as c2pa-rs types it: text) is computed over the whole content,
 * and a name saying what it covers (the whole image, or a video's poster frame).
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
      blocks: [{ scope: {}, value: binding.value }],
      name: binding.covers === 'poster-frame' ? 'ISCC Content-Code Image of the poster frame' : 'ISCC Content-Code Image of the whole image',
      pad: [],
    },
  };
}
