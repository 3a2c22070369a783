// Property-based fuzzing of the JPEG/JUMBF native path: a signed JPEG with bytes flipped, cut short
// or with segments duplicated. Property: verify() resolves or throws a ProvenanceError, never
// another exception, in bounded time; and its report equals the one c2pa-wasm gives reading the
// whole file (nativeHardBinding: false), so the native shortcut never changes a verdict.
// FUZZ_RUNS raises the run count (npm run fuzz).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ProvenanceError } from '../errors.ts';
import { createPemSigner, ensureLocalPki, sign, verify } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createTrustStore, type TrustStore } from '../trust/trust-store.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let signed: Uint8Array;
let trust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-binding-fuzz-')), 'pki'));
  trust = createTrustStore([pki.rootCertificatePem]);
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  signed = (await sign(await makeImage('jpeg', 64, 48), 'image/jpeg', { creator: 'Ada Reporter' }, { signer })).signedBytes;
});

/** The JPEG segment starting at `offset` (marker and length), when one does. */
function segmentAt(bytes: Uint8Array, offset: number): { start: number; end: number } | null {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff) return null;
  const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
  return offset + 2 + length <= bytes.length ? { start: offset, end: offset + 2 + length } : null;
}

type Mutation = { kind: 'flip'; at: number; xor: number } | { kind: 'truncate'; at: number } | { kind: 'duplicate'; at: number };

const mutations = (): fc.Arbitrary<Mutation[]> =>
  fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
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
    else {
      // Duplicates the segment found at or after `at` (APP11 manifest segments among them).
      let offset = at;
      while (offset < bytes.length && !segmentAt(bytes, offset)) offset += 1;
      const segment = segmentAt(bytes, offset);
      if (segment) bytes = Uint8Array.from([...bytes.subarray(0, segment.end), ...bytes.subarray(segment.start, segment.end), ...bytes.subarray(segment.end)]);
    }
  }
  return bytes;
}

async function outcome(bytes: Uint8Array, nativeHardBinding: boolean): Promise<{ report?: unknown; error?: string }> {
  try {
    return { report: await verify(bytes, 'image/jpeg', { trust, nativeHardBinding }) };
  } catch (error) {
    if (!(error instanceof ProvenanceError)) throw error;
    return { error: error.code };
  }
}

describe('JPEG hard binding under fuzzed files', () => {
  it('throws only ProvenanceError, and reports exactly what the whole-file read reports', { timeout: 30_000 + RUNS * 2_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(mutations(), async (steps) => {
        const bytes = mutate(signed, steps);
        const native = await outcome(bytes, true);
        const whole = await outcome(bytes, false);
        expect(native).toEqual(whole);
      }),
      { numRuns: RUNS },
    );
  });
});
