/**
 * What a caller verifying a file as it arrives needs (the server's verify-as-it-arrives): a bounded
 * pool of shared memory the upload is written into, the engine's source reading that memory as it
 * fills, the error its reads reject with once the writer failed it, and the digests the receiving
 * thread offers the engine (a JPEG's or PNG's SHA-256 outside its manifest). One typed object, not a
 * name each; filling-source.ts says how the two threads share the file.
 */
import { jpegSegmentsExcludedDigest } from './containers/jpeg-hard-binding.ts';
import { pngChunkExcludedDigest } from './containers/png-manifest-prefix.ts';
import { createFillingPool, FillingFailedError, fillingSource } from './filling-source.ts';

export const arrivingFile = {
  createFillingPool,
  fillingSource,
  FillingFailedError,
  jpegSegmentsExcludedDigest,
  pngChunkExcludedDigest,
} as const;
