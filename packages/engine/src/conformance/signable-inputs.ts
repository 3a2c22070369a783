/**
 * One input of each signable format, for the conformance tests that check "one signed output of
 * every signable format" (the asset rubric, c2pa-ts's acceptance): made by the test where it can,
 * else a public sample of the shared corpus (`fromCorpus`: such a format is skipped without it).
 */
import { makeBmff, makeImage } from '../testing/make-assets.ts';
import { corpusFile } from '../testing/shared-corpus.ts';

export interface SignableInput {
  make: () => Promise<Uint8Array> | Uint8Array;
  fromCorpus: boolean;
}

const made = (make: () => Promise<Uint8Array> | Uint8Array): SignableInput => ({ make, fromCorpus: false });
const corpus = (relative: string): SignableInput => ({ make: () => corpusFile(relative), fromCorpus: true });

/** By MIME type: every signable format of SUPPORTED_FORMATS. */
export const SIGNABLE_INPUTS: Readonly<Record<string, SignableInput>> = {
  'image/jpeg': made(() => makeImage('jpeg')),
  'image/png': made(() => makeImage('png')),
  'image/webp': made(() => makeImage('webp')),
  'image/avif': made(() => makeImage('avif')),
  'image/heic': corpus('c2pa-rs/sample1.heic'),
  'image/heif': corpus('c2pa-rs/sample1.heif'),
  'image/gif': made(() => makeImage('gif')),
  'image/tiff': made(() => makeImage('tiff')),
  'image/svg+xml': corpus('c2pa-rs/sample1.svg'),
  'video/mp4': made(() => makeBmff('mp4')),
  'video/quicktime': made(() => makeBmff('mov')),
  'audio/mp4': corpus('c2pa-rs/sample1.m4a'),
  'audio/wav': corpus('c2pa-rs/sample1.wav'),
  'audio/mpeg': corpus('c2pa-rs/sample1.mp3'),
  'application/pdf': corpus('c2pa-rs/basic.pdf'),
};

/** The input of a signable format; throws for a format this list lacks, so a new one is not missed. */
export function signableInput(mime: string): SignableInput {
  const input = SIGNABLE_INPUTS[mime];
  if (!input) throw new Error(`no conformance input for the signable format ${mime}: add one to conformance/signable-inputs.ts`);
  return input;
}
