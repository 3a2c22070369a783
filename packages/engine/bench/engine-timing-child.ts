/**
 * The engine bench's engine work, in a process that runs nothing else, so that its peak RSS is the
 * engine's (with node, tsx and the bench's own loops): sign and verify timings on the bench's files,
 * the corpus verified by the engine, the bytes signing adds, and signing with an RFC 3161 timestamp.
 * Its inputs are files the fixtures process made; raw c2pa-wasm runs in another process
 * (raw-c2pa-child.ts) on the signed files this one writes.
 *
 *   engine-timing-child.ts <plan.json>
 *
 * Prints one JSON line (EngineTimingResult).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createPemSigner, createTrustStore, sign, verify, type ClaimSigner, type SigningMetadata } from '../src/index.ts';
import { readLocalPki } from '../src/pki/local-pki.ts';
import { corpusFile, expectedCorpus, hasCorpus } from '../src/testing/shared-corpus.ts';
import { startLocalTsa } from '../src/testing/local-tsa.ts';
import { createRfc3161Timestamper, timestampTransportOver } from '../src/signer/rfc3161-timestamper.ts';
import type { EngineFixture } from './engine-fixtures.ts';
import { peakRssMb, time, type Timing } from './measure.ts';

export interface EngineTimingPlan {
  pkiDir: string;
  anchorsPath: string;
  /** The sign and verify table's files, each with its name and number of runs; signed copies are written to `signedPath`. */
  inputs: { name: string; path: string; mime: string; runs: number; signedPath: string }[];
  overhead: EngineFixture[];
  /** The JPEGs signed with and without a timestamp. */
  timestamped: { name: string; path: string }[];
}

export interface EngineTimingResult {
  inputs: { name: string; sign: Timing; verify: Timing; sha256: Timing }[];
  corpus: { files: number; perFile: number } | null;
  overhead: { format: string; size: number; bytes: number; added: number }[];
  timestamps: { name: string; without: Timing; with: Timing; added: number }[];
  timestampRoundTrip: Timing;
  /** This process's peak RSS (VmHWM) in MB after the sign and verify table, and at the end. */
  peakAfterInputsMb: number;
  peakMb: number;
}

/** A file read into memory as the server holds an upload: one buffer, viewed, never copied. */
const load = (path: string): Uint8Array => {
  const buffer = readFileSync(path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
};

async function timestamps(plan: EngineTimingPlan, signer: ClaimSigner, metadata: SigningMetadata): Promise<Pick<EngineTimingResult, 'timestamps' | 'timestampRoundTrip'>> {
  const tsa = await startLocalTsa();
  try {
    const timestamper = createRfc3161Timestamper(
      timestampTransportOver(async (url, { body, contentType }) => ({ bytes: new Uint8Array(await (await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body })).arrayBuffer()) }), tsa.url),
    );
    const rows: EngineTimingResult['timestamps'] = [];
    for (const { name, path } of plan.timestamped) {
      const bytes = load(path);
      const plain = await sign(bytes, 'image/jpeg', metadata, { signer });
      const stamped = await sign(bytes, 'image/jpeg', metadata, { signer, timestamper });
      const without = await time(10, () => sign(bytes, 'image/jpeg', metadata, { signer }));
      const withStamp = await time(10, () => sign(bytes, 'image/jpeg', metadata, { signer, timestamper }));
      rows.push({ name, without, with: withStamp, added: stamped.signedBytes.byteLength - plain.signedBytes.byteLength });
    }
    return { timestamps: rows, timestampRoundTrip: await time(20, () => timestamper(new Uint8Array(200))) };
  } finally {
    await tsa.close();
  }
}

async function run(plan: EngineTimingPlan): Promise<EngineTimingResult> {
  const pki = await readLocalPki(plan.pkiDir);
  if (!pki) throw new Error(`no PKI in ${plan.pkiDir}`);
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  const trust = createTrustStore([readFileSync(plan.anchorsPath, 'utf8')]);
  const metadata = { creator: 'Bench', license: 'All Rights Reserved' };

  const inputs: EngineTimingResult['inputs'] = [];
  // A fresh process: the engine used once first (on the smallest input: a large one would only add garbage), so the first file's timings are not c2pa-wasm's compilation.
  const first = plan.inputs[0]!;
  await verify((await sign(load(first.path), first.mime, metadata, { signer })).signedBytes, first.mime, { trust });
  for (const input of plan.inputs) {
    const bytes = load(input.path);
    const signed = (await sign(bytes, input.mime, metadata, { signer })).signedBytes;
    writeFileSync(input.signedPath, signed);
    const signTime = await time(Math.max(3, Math.floor(input.runs / 2)), () => sign(bytes, input.mime, metadata, { signer }));
    const verifyTime = await time(input.runs, () => verify(signed, input.mime, { trust }));
    // The floor: one native SHA-256 over the same bytes, all a hard-binding check must at least do.
    const sha256 = await time(input.runs, async () => createHash('sha256').update(signed).digest());
    inputs.push({ name: input.name, sign: signTime, verify: verifyTime, sha256 });
  }
  const peakAfterInputsMb = peakRssMb();

  let corpus: EngineTimingResult['corpus'] = null;
  if (hasCorpus) {
    const readable = Object.entries(expectedCorpus().files).filter(([, expected]) => expected.untrusted.state);
    const files = readable.map(([file, expected]) => ({ bytes: corpusFile(file), mime: expected.mime }));
    const all = await time(5, async () => {
      for (const file of files) await verify(file.bytes, file.mime, { trust });
    }, 1);
    corpus = { files: files.length, perFile: all.p50 / files.length };
  }

  const overhead: EngineTimingResult['overhead'] = [];
  for (const fixture of plan.overhead) {
    const bytes = load(fixture.path);
    const signed = await sign(bytes, fixture.mime, metadata, { signer });
    overhead.push({ format: fixture.format, size: fixture.size, bytes: bytes.byteLength, added: signed.signedBytes.byteLength - bytes.byteLength });
  }
  return { inputs, corpus, overhead, ...(await timestamps(plan, signer, metadata)), peakAfterInputsMb, peakMb: peakRssMb() };
}

if (process.argv[1]?.endsWith('engine-timing-child.ts')) {
  const [planPath] = process.argv.slice(2);
  if (!planPath) throw new Error('usage: engine-timing-child.ts <plan.json>');
  const result = await run(JSON.parse(readFileSync(planPath, 'utf8')) as EngineTimingPlan);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
