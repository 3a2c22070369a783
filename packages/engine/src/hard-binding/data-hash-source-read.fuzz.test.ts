// Property-based fuzzing of the JPEG read from a source still arriving: a signed JPEG with bytes
// flipped, cut short or with segments duplicated, written in chunks of random sizes into a filling
// source. Properties: the walk of the head finds the segments the in-memory walk finds (or the
// in-memory walk refuses the file only for a JUMBF segment after the run, which the streamed pass
// refuses too); verifySource resolves or throws a ProvenanceError, and its outcome equals verify()'s
// on the same bytes. The same for a signed PNG (its caBX chunk and the rest of c2pa-rs's chunk walk).
// FUZZ_RUNS raises the run count (npm run fuzz).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../byte-source.ts';
import { ProvenanceError } from '../errors.ts';
import { createFillingWriter, fillingSource } from '../filling-source.ts';
import { sign, verify } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { openLocalSigning } from '../testing/local-signing.ts';
import { type TrustStore } from '../trust/trust-store.ts';
import { jpegManifestSegments } from '../containers/jpeg-hard-binding.ts';
import { findJumbfSegment, jpegSourceSegments } from '../containers/jpeg-source-segments.ts';
import { pngManifestPrefix } from '../containers/png-manifest-prefix.ts';
import { pngSourceChunks } from '../containers/png-source-chunks.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let signed: Uint8Array;
let signedPng: Uint8Array;
let trust: TrustStore;

beforeAll(async () => {
  const local = await openLocalSigning('pg-streamed-fuzz-');
  trust = local.trust;
  signed = (await sign(await makeImage('jpeg', 64, 48), 'image/jpeg', { creator: 'Ada Reporter' }, { signer: local.signer })).signedBytes;
  signedPng = (await sign(await makeImage('png', 64, 48), 'image/png', { creator: 'Ada Reporter' }, { signer: local.signer })).signedBytes;
});

type Mutation = { kind: 'flip'; at: number; xor: number } | { kind: 'truncate'; at: number } | { kind: 'duplicate'; at: number; length: number };

const mutations = (): fc.Arbitrary<Mutation[]> =>
  fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 4096 }) }),
    ),
    { minLength: 1, maxLength: 3 },
  );

function mutate(original: Uint8Array, steps: Mutation[]): Uint8Array {
  let bytes = original.slice();
  for (const step of steps) {
    if (bytes.length === 0) break;
    const at = step.at % bytes.length;
    if (step.kind === 'flip') bytes[at]! ^= step.xor;
    else if (step.kind === 'truncate') bytes = bytes.slice(0, at);
    else bytes = Uint8Array.from([...bytes.subarray(0, at + step.length), ...bytes.subarray(at, at + step.length), ...bytes.subarray(at + step.length)]);
  }
  return bytes;
}

const settle = async (promise: Promise<unknown>): Promise<{ report?: unknown; error?: string }> => {
  try {
    return { report: await promise };
  } catch (error) {
    if (!(error instanceof ProvenanceError)) throw error;
    return { error: error.code };
  }
};

/** verifySource over the bytes written in chunks of `chunk` bytes, one per turn of the event loop. */
async function arriving(bytes: Uint8Array, chunk: number, mime = 'image/jpeg') {
  const writer = createFillingWriter(bytes.byteLength);
  const verifying = settle(verify(fillingSource(writer.shared), mime, { trust }));
  for (let at = 0; at < bytes.byteLength; at += chunk) {
    await new Promise((resolve) => setImmediate(resolve));
    writer.write(bytes.subarray(at, at + chunk));
  }
  return verifying;
}

describe('the JPEG read from a source still arriving, under fuzzed files', () => {
  it('finds the segments the in-memory walk finds, and gives verify()’s outcome', { timeout: 30_000 + RUNS * 2_000 }, async () => {
    let walked = 0;
    await fc.assert(
      fc.asyncProperty(mutations(), fc.integer({ min: 1, max: 70_000 }), async (steps, chunk) => {
        const bytes = mutate(signed, steps);
        if (bytes.byteLength === 0) return;
        const inMemory = jpegManifestSegments(bytes);
        const streamed = await jpegSourceSegments({ size: bytes.byteLength, read: bytesSource(bytes).read }).catch(() => null);
        if (inMemory) {
          walked += 1;
          expect(streamed?.end).toBe(inMemory.end);
          expect(Buffer.from(streamed!.store).equals(Buffer.from(inMemory.store))).toBe(true);
        } else if (streamed) {
          expect(findJumbfSegment(bytes, 0, streamed.end, bytes.byteLength, bytes.byteLength)).not.toBe(-1);
        }
        expect(await arriving(bytes, chunk)).toEqual(await settle(verify(bytes, 'image/jpeg', { trust })));
      }),
      { numRuns: RUNS },
    );
    // Not vacuous: many fuzzed files still have their manifest segments found by both walks.
    expect(walked).toBeGreaterThan(RUNS / 10);
  });
});

describe('the PNG read from a source still arriving, under fuzzed files', () => {
  it('finds the caBX chunk the in-memory walk finds, and gives verify()’s outcome', { timeout: 30_000 + RUNS * 2_000 }, async () => {
    let walked = 0;
    await fc.assert(
      fc.asyncProperty(mutations(), fc.integer({ min: 1, max: 70_000 }), async (steps, chunk) => {
        const bytes = mutate(signedPng, steps);
        if (bytes.byteLength === 0) return;
        const inMemory = pngManifestPrefix(bytes);
        if (inMemory) {
          walked += 1;
          const streamed = await pngSourceChunks({ size: bytes.byteLength, read: bytesSource(bytes).read });
          expect(Buffer.from(streamed!.prefix).equals(Buffer.from(inMemory.prefix))).toBe(true);
        }
        expect(await arriving(bytes, chunk, 'image/png')).toEqual(await settle(verify(bytes, 'image/png', { trust })));
      }),
      { numRuns: RUNS },
    );
    expect(walked).toBeGreaterThan(RUNS / 10);
  });
});
