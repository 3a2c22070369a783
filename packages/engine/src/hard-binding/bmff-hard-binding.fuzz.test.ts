// Property-based fuzzing of the BMFF native path: a signed MP4 with bytes flipped (anywhere, or in
// box headers), cut short, or top-level boxes duplicated, moved or inserted. Properties: verify()
// resolves or throws a ProvenanceError, never another exception; and its report equals the one
// c2pa-wasm gives reading the whole file (nativeHardBinding: false), so the native shortcut never
// changes a verdict. The box parser alone never throws on arbitrary bytes. FUZZ_RUNS raises the count.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../byte-source.ts';
import { ProvenanceError } from '../errors.ts';
import { createPemSigner, ensureLocalPki, sign, verify } from '../index.ts';
import { makeBmff } from '../testing/make-assets.ts';
import { createTrustStore, type TrustStore } from '../trust/trust-store.ts';
import { boxesAt, readBmffTree } from '../containers/bmff-boxes.ts';
import { bmffManifestLayout } from './bmff-hard-binding.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let signed: Uint8Array;
let trust: TrustStore;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-bmff-fuzz-')), 'pki'));
  trust = createTrustStore([pki.rootCertificatePem]);
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  signed = (await sign(makeBmff('mp4', 2048), 'video/mp4', { creator: 'Ada Reporter' }, { signer })).signedBytes;
});

/** Top-level box boundaries of a file, as far as they parse. */
function topLevel(bytes: Uint8Array): { start: number; end: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: { start: number; end: number }[] = [];
  for (let offset = 0; offset + 8 <= bytes.byteLength; ) {
    const size = view.getUint32(offset);
    if (size < 8 || offset + size > bytes.byteLength) break;
    found.push({ start: offset, end: offset + size });
    offset += size;
  }
  return found;
}

type Mutation =
  | { kind: 'flip'; at: number; xor: number }
  | { kind: 'header'; box: number; at: number; xor: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'duplicate'; box: number }
  | { kind: 'move'; box: number; to: number }
  | { kind: 'insert'; at: number; type: string; length: number };

const mutations = (): fc.Arbitrary<Mutation[]> =>
  fc.array(
    fc.oneof(
      fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ kind: fc.constant('header' as const), box: fc.nat(), at: fc.nat({ max: 15 }), xor: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('duplicate' as const), box: fc.nat() }),
      fc.record({ kind: fc.constant('move' as const), box: fc.nat(), to: fc.nat() }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), type: fc.constantFrom('free', 'skip', 'uuid', 'moov', 'mdat', 'abcd'), length: fc.nat({ max: 64 }) }),
    ),
    { minLength: 1, maxLength: 3 },
  );

function mutate(original: Uint8Array, steps: Mutation[]): Uint8Array {
  let bytes = original.slice();
  for (const step of steps) {
    if (bytes.length === 0) break;
    const boxes = topLevel(bytes);
    const pick = (index: number) => boxes[index % Math.max(1, boxes.length)];
    if (step.kind === 'flip') bytes[step.at % bytes.length]! ^= step.xor;
    else if (step.kind === 'truncate') bytes = bytes.slice(0, step.at % bytes.length);
    else if (step.kind === 'header') {
      const box = pick(step.box);
      if (box && box.start + step.at < bytes.length) bytes[box.start + step.at]! ^= step.xor;
    } else if (step.kind === 'duplicate' || step.kind === 'move') {
      const box = pick(step.box);
      if (!box) continue;
      const piece = bytes.slice(box.start, box.end);
      const rest = step.kind === 'move' ? Buffer.concat([bytes.subarray(0, box.start), bytes.subarray(box.end)]) : Buffer.from(bytes);
      const target = pick(step.kind === 'move' ? step.to : step.box + 1);
      const at = Math.min(rest.length, target ? target.start : rest.length);
      bytes = new Uint8Array(Buffer.concat([rest.subarray(0, at), piece, rest.subarray(at)]));
    } else {
      const target = pick(step.at);
      const header = Buffer.alloc(8);
      header.writeUInt32BE(8 + step.length);
      header.write(step.type, 4, 'latin1');
      const at = target ? target.start : bytes.length;
      bytes = new Uint8Array(Buffer.concat([bytes.subarray(0, at), header, Buffer.alloc(step.length, 0x5a), bytes.subarray(at)]));
    }
  }
  return bytes;
}

async function outcome(bytes: Uint8Array, nativeHardBinding: boolean): Promise<{ report?: unknown; error?: string }> {
  try {
    return { report: await verify(bytes, 'video/mp4', { trust, nativeHardBinding }) };
  } catch (error) {
    if (!(error instanceof ProvenanceError)) throw error;
    return { error: error.code };
  }
}

describe('BMFF hard binding under fuzzed files', () => {
  it('throws only ProvenanceError, and reports exactly what the whole-file read reports', { timeout: 60_000 + RUNS * 3_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(mutations(), async (steps) => {
        const bytes = mutate(signed, steps);
        expect(await outcome(bytes, true)).toEqual(await outcome(bytes, false));
      }),
      { numRuns: RUNS },
    );
  });

  it('the box parser and layout never throw on arbitrary bytes, and resolve any xpath', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 512 }), fc.string({ maxLength: 40 }), async (bytes, xpath) => {
        const withFtyp = Uint8Array.from([0, 0, 0, 16, 0x66, 0x74, 0x79, 0x70, ...bytes]);
        for (const candidate of [bytes, withFtyp]) {
          const tree = await readBmffTree(bytesSource(candidate));
          if (tree) boxesAt(tree, xpath);
          await bmffManifestLayout(bytesSource(candidate));
        }
      }),
      { numRuns: RUNS * 25 },
    );
  });
});
