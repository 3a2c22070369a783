// Property-based fuzzing of the native data hash path's format parsers (PNG chunks, GIF blocks,
// the MP3 ID3 tag): signed files with bytes flipped, cut short or with a run of bytes repeated.
// Property: verify() resolves or throws a ProvenanceError, never another exception; and its report
// equals the one c2pa-wasm gives reading the whole file (nativeHardBinding: false).
// FUZZ_RUNS raises the run count (npm run fuzz).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProvenanceError } from '../errors.ts';
import { createPemSigner, ensureLocalPki, sign, verify } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { corpusFile, hasCorpus } from '../testing/shared-corpus.ts';
import { createTrustStore, type TrustStore } from '../trust/trust-store.ts';
import { gifManifestPrefix } from '../containers/gif-manifest-prefix.ts';
import { mp3ManifestPrefix } from '../containers/mp3-manifest-prefix.ts';
import { pngManifestPrefix } from '../containers/png-manifest-prefix.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

const signedFiles: { mime: string; bytes: Uint8Array }[] = [];
let trust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-data-hash-fuzz-')), 'pki'));
  trust = createTrustStore([pki.rootCertificatePem]);
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  const originals = [
    { mime: 'image/png', bytes: await makeImage('png', 48, 32) },
    { mime: 'image/gif', bytes: await makeImage('gif', 48, 32) },
    ...(hasCorpus ? [{ mime: 'audio/mpeg', bytes: corpusFile('c2pa-rs/sample1.mp3').subarray(0, 60_000) }] : []),
  ];
  for (const { mime, bytes } of originals) signedFiles.push({ mime, bytes: (await sign(bytes, mime, { creator: 'Ada Reporter' }, { signer })).signedBytes });
});

type Mutation = { kind: 'flip'; at: number; xor: number } | { kind: 'truncate'; at: number } | { kind: 'repeat'; at: number; length: number };

const mutations = (): fc.Arbitrary<Mutation[]> =>
  fc.array(
    fc.oneof(
      // Most flips land near the start, where the parsers and the store are.
      fc.record({ kind: fc.constant('flip' as const), at: fc.oneof(fc.nat({ max: 4000 }), fc.nat()), xor: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('repeat' as const), at: fc.nat({ max: 4000 }), length: fc.integer({ min: 1, max: 64 }) }),
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
    else bytes = Buffer.concat([bytes.subarray(0, at + step.length), bytes.subarray(at, at + step.length), bytes.subarray(at + step.length)]);
  }
  return bytes;
}

async function outcome(bytes: Uint8Array, mime: string, nativeHardBinding: boolean): Promise<{ report?: unknown; error?: string }> {
  try {
    return { report: await verify(bytes, mime, { trust, nativeHardBinding }) };
  } catch (error) {
    if (!(error instanceof ProvenanceError)) throw error;
    return { error: error.code };
  }
}

describe('native data hash formats under fuzzed files', () => {
  it('never throw from the parsers on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('GIF89a', '\x89PNG\r\n\x1a\n', 'ID3\x04\x00'), (tail, head) => {
        const bytes = Buffer.concat([Buffer.from(head, 'latin1'), tail]);
        for (const parse of [pngManifestPrefix, gifManifestPrefix, mp3ManifestPrefix]) {
          const prefix = parse(bytes);
          if (prefix) expect(prefix.prefix.byteLength).toBeLessThanOrEqual(bytes.byteLength + 12);
        }
      }),
      { numRuns: RUNS * 20 },
    );
  });

  it('throw only ProvenanceError, and report exactly what the whole-file read reports', { timeout: 30_000 + RUNS * 3 * 2_000 }, async () => {
    for (const { mime, bytes: signed } of signedFiles) {
      await fc.assert(
        fc.asyncProperty(mutations(), async (steps) => {
          const bytes = mutate(signed, steps);
          expect(await outcome(bytes, mime, true)).toEqual(await outcome(bytes, mime, false));
        }),
        { numRuns: RUNS },
      );
    }
  });
});
