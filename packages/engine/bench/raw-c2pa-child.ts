/**
 * The engine bench's baselines, in a process of their own: raw c2pa-wasm (WasmReader.fromBytes +
 * manifestStore, with and without the trust anchors) and the engine with its native hard-binding
 * check off (c2pa-wasm hashes the whole file), on the files the engine's process signed, and raw
 * c2pa-wasm on the corpus. Each is given whole files, which grow c2pa-wasm's memory to the largest
 * (it never shrinks): in the engine's process that would count as the engine's memory.
 *
 *   raw-c2pa-child.ts <plan.json>
 *
 * Prints one JSON line (RawC2paResult).
 */
import { readFileSync } from 'node:fs';
import { loadC2pa } from '../src/c2pa/wasm.ts';
import { createTrustStore, verify } from '../src/index.ts';
import { corpusFile, expectedCorpus, hasCorpus } from '../src/testing/shared-corpus.ts';
import { peakRssMb, time } from './measure.ts';

export interface RawC2paPlan {
  anchorsPath: string;
  files: { name: string; path: string; mime: string; runs: number }[];
}

export interface RawC2paResult {
  files: { name: string; wasmHashing: number; rawWithTrust: number; rawNoTrust: number }[];
  corpus: { files: number; perFile: number } | null;
  peakMb: number;
}

export async function rawVerify(bytes: Uint8Array, mime: string, context: string): Promise<void> {
  const { WasmReader } = loadC2pa();
  const reader = await WasmReader.fromBytes(mime, bytes, context);
  reader.manifestStore();
  reader.free();
}

async function run(plan: RawC2paPlan): Promise<RawC2paResult> {
  const anchorsPem = readFileSync(plan.anchorsPath, 'utf8');
  const trust = createTrustStore([anchorsPem]);
  const rawTrusted = JSON.stringify({ verify: { verify_trust: true }, trust: { trust_anchors: anchorsPem } });
  const rawUntrusted = JSON.stringify({ verify: { verify_trust: false } });
  const files: RawC2paResult['files'] = [];
  const loaded = plan.files.map((file) => ({ ...file, bytes: new Uint8Array(readFileSync(file.path)) }));
  // A fresh process: every task once on every file first, so the first file's timings are not c2pa-wasm's compilation.
  for (const file of loaded) {
    await verify(file.bytes, file.mime, { trust, nativeHardBinding: false });
    await rawVerify(file.bytes, file.mime, rawTrusted);
    await rawVerify(file.bytes, file.mime, rawUntrusted);
  }
  for (const file of loaded) {
    const { bytes } = file;
    const wasmHashing = await time(file.runs, () => verify(bytes, file.mime, { trust, nativeHardBinding: false }));
    const rawWithTrust = await time(file.runs, () => rawVerify(bytes, file.mime, rawTrusted));
    const rawNoTrust = await time(file.runs, () => rawVerify(bytes, file.mime, rawUntrusted));
    files.push({ name: file.name, wasmHashing: wasmHashing.p50, rawWithTrust: rawWithTrust.p50, rawNoTrust: rawNoTrust.p50 });
  }
  let corpus: RawC2paResult['corpus'] = null;
  if (hasCorpus) {
    const readable = Object.entries(expectedCorpus().files).filter(([, expected]) => expected.untrusted.state);
    const corpusFiles = readable.map(([name, expected]) => ({ bytes: corpusFile(name), mime: expected.mime }));
    const all = await time(5, async () => {
      for (const file of corpusFiles) await rawVerify(file.bytes, file.mime, rawTrusted);
    }, 1);
    corpus = { files: corpusFiles.length, perFile: all.p50 / corpusFiles.length };
  }
  return { files, corpus, peakMb: peakRssMb() };
}

if (process.argv[1]?.endsWith('raw-c2pa-child.ts')) {
  const [planPath] = process.argv.slice(2);
  if (!planPath) throw new Error('usage: raw-c2pa-child.ts <plan.json>');
  process.stdout.write(`${JSON.stringify(await run(JSON.parse(readFileSync(planPath, 'utf8')) as RawC2paPlan))}\n`);
}
