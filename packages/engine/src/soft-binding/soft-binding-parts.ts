/**
 * What a caller matching copies of signed content needs (the server's manifest repository): the
 * soft-binding algorithm's name, the ISCC Image-Code of normalised pixels in each of eight
 * orientations, the distance between two codes, and a signed file with its embedded manifest
 * removed, as a platform stripping metadata would leave it. One typed object, not a name each; the
 * browser reaches the image code through `@provenance/engine/soft-binding` instead (node-free).
 */
import { eightOrientations } from './pixel-orientations.ts';
import { hammingDistance, imageCode, ISCC_SOFT_BINDING_ALG } from './iscc-image-code.ts';
import { withoutEmbeddedManifest } from './strip-manifest.ts';

export const softBinding = {
  /** The C2PA soft-binding algorithm name of the ISCC Content-Code (`io.iscc.v0`). */
  ISCC_SOFT_BINDING_ALG,
  imageCode,
  hammingDistance,
  eightOrientations,
  withoutEmbeddedManifest,
} as const;
