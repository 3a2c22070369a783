/**
 * What a caller choosing how to sign or read a file needs (the server's size policy, signing and
 * verification): the formats the engine signs and reads, told from a MIME type, a file name or the
 * bytes, and which of them are ISO BMFF or large media. One typed object, not a name each; the
 * browser's report builder exports detectFormat and findFormat by name (`@provenance/engine/report`).
 */
import { BMFF_MIME_TYPES, detectFormat, findFormat, formatFromFileName, LARGE_MEDIA_TYPES } from './formats.ts';

export const assetFormats = {
  /** The formats whose hard binding is a BMFF hash (ISO BMFF files). */
  BMFF_MIME_TYPES,
  /** The time-based BMFF media (MP4, MOV, M4A), which the engine signs and verifies from a file. */
  LARGE_MEDIA_TYPES,
  findFormat,
  formatFromFileName,
  detectFormat,
} as const;
