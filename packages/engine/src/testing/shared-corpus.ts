/**
 * Access to ../shared/corpus (real C2PA files with reference verdicts) for tests and benchmarks.
 * The corpus lives beside the repository, never inside it; suites skip with a message without it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const CORPUS_DIR = resolve(here, '../../../../../shared/corpus');
export const hasCorpus = existsSync(join(CORPUS_DIR, 'expected.json'));

export interface ExpectedRead {
  state?: 'Trusted' | 'Valid' | 'Invalid';
  error?: string;
  failure?: string[];
  ingredient_failure?: string[];
}
export interface ExpectedFile {
  mime: string;
  bytes: number;
  sha256: string;
  untrusted: ExpectedRead;
  trusted: ExpectedRead;
}
export interface ExpectedCorpus {
  reference: string;
  trust_anchors: string[];
  files: Record<string, ExpectedFile>;
}

/** A corpus file's bytes: a plain Uint8Array over the buffer read (a view: copying it doubled what a caller held). */
export function corpusFile(relative: string): Uint8Array {
  const buffer = readFileSync(join(CORPUS_DIR, relative));
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

export function corpusText(relative: string): string {
  return readFileSync(join(CORPUS_DIR, relative), 'utf8');
}

export function expectedCorpus(): ExpectedCorpus {
  return JSON.parse(corpusText('expected.json')) as ExpectedCorpus;
}
