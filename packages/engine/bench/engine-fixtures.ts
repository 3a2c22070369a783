/**
 * The engine bench's input files, made in a process of their own and written to the bench's folder
 * (sharp's encoders, AVIF above all, and the pixel buffers peak far above anything the engine does,
 * so in the engine's process they would set its peak):
 *
 *   engine-fixtures.ts <dir>
 *
 * Prints one JSON line: the files made (EngineFixture[]) and this process's peak RSS in MB.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_FIXTURE_MIME, makeBmff, type ImageFixtureFormat } from '../src/testing/make-assets.ts';
import { peakRssMb } from './measure.ts';
import { makeSizedImage } from './sized-image.ts';

export interface EngineFixture {
  /** What the file is for: `input` (the sign and verify table), `overhead` (bytes added by signing). */
  use: 'input' | 'overhead';
  format: string;
  /** The size asked for, in bytes. */
  size: number;
  path: string;
  mime: string;
}

export const OVERHEAD_IMAGE_FORMATS: ImageFixtureFormat[] = ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'];
export const OVERHEAD_IMAGE_SIZES = [100_000, 500_000, 2_000_000];
export const OVERHEAD_VIDEO_SIZES = [1_000_000, 10_000_000, 20_000_000];

async function makeFixtures(dir: string): Promise<EngineFixture[]> {
  const made: EngineFixture[] = [];
  const write = (fixture: Omit<EngineFixture, 'path'>, bytes: Uint8Array) => {
    const path = join(dir, `${fixture.use}-${fixture.format}-${fixture.size}`);
    writeFileSync(path, bytes);
    made.push({ ...fixture, path });
  };
  for (const size of [100_000, 2_000_000]) write({ use: 'input', format: 'jpeg', size, mime: 'image/jpeg' }, await makeSizedImage('jpeg', size));
  write({ use: 'input', format: 'mp4', size: 20_000_000, mime: 'video/mp4' }, makeBmff('mp4', 20_000_000));
  for (const format of OVERHEAD_IMAGE_FORMATS) {
    for (const size of OVERHEAD_IMAGE_SIZES) {
      const bytes = await makeSizedImage(format, size).catch(() => undefined);
      if (bytes) write({ use: 'overhead', format, size, mime: IMAGE_FIXTURE_MIME[format] }, bytes);
    }
  }
  for (const [format, mime] of [['mp4', 'video/mp4'], ['mov', 'video/quicktime']] as const) {
    for (const size of OVERHEAD_VIDEO_SIZES) write({ use: 'overhead', format, size, mime }, makeBmff(format, size));
  }
  return made;
}

if (process.argv[1]?.endsWith('engine-fixtures.ts')) {
  const [dir] = process.argv.slice(2);
  if (!dir) throw new Error('usage: engine-fixtures.ts <dir>');
  const fixtures = await makeFixtures(dir);
  process.stdout.write(`${JSON.stringify({ fixtures, peakMb: peakRssMb() })}\n`);
}
