/**
 * Engine benchmark: sign and verify latency next to raw c2pa-wasm on the same files in the same
 * run, manifest overhead by format and asset size, and what an RFC 3161 timestamp costs (a local
 * `openssl ts` authority on loopback; the bench POSTs with fetch, the server through its safe fetcher).
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { loadC2pa } from '../src/c2pa/wasm.ts';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify, type ClaimSigner, type SigningMetadata } from '../src/index.ts';
import { IMAGE_FIXTURE_MIME, makeBmff, type ImageFixtureFormat } from '../src/testing/make-assets.ts';
import { corpusFile, corpusText, expectedCorpus, hasCorpus } from '../src/testing/shared-corpus.ts';
import { startLocalTsa } from '../src/testing/local-tsa.ts';
import { createRfc3161Timestamper, timestampTransportOver } from '../src/signer/rfc3161-timestamper.ts';
import { ms, samplePeakMemory, table, time } from './measure.ts';
import type { MemorySection } from './engine-memory-child.ts';

/** A photo-like image of about `targetBytes`: noise compresses poorly, like real detail. */
export async function makeSizedImage(format: ImageFixtureFormat, targetBytes: number): Promise<Uint8Array> {
  let side = Math.round(Math.sqrt(targetBytes / 1.2));
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const pixels = Buffer.alloc(side * side * 3);
    let state = 42;
    for (let index = 0; index < pixels.length; index += 1) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      pixels[index] = ((index / 3) % side) / 4 + (state % 96);
    }
    const bytes = new Uint8Array(await sharp(pixels, { raw: { width: side, height: side, channels: 3 } }).toFormat(format, format === 'jpeg' ? { quality: 90 } : {}).toBuffer());
    const ratio = targetBytes / bytes.byteLength;
    if (ratio > 0.85 && ratio < 1.2) return bytes;
    side = Math.max(16, Math.round(side * Math.sqrt(ratio)));
  }
  throw new Error(`could not make a ${format} of about ${targetBytes} bytes`);
}

export async function rawVerify(bytes: Uint8Array, mime: string, context: string): Promise<void> {
  const { WasmReader } = loadC2pa();
  const reader = await WasmReader.fromBytes(mime, bytes, context);
  reader.manifestStore();
  reader.free();
}

export async function runEngineBench(log: (text: string) => void): Promise<void> {
  const memory = samplePeakMemory();
  const benchDir = mkdtempSync(join(tmpdir(), 'pg-bench-'));
  const pkiDir = join(benchDir, 'pki');
  const { pki } = await ensureLocalPki(pkiDir);
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  const c2paTrustList = hasCorpus ? corpusText('trust/C2PA-TRUST-LIST.pem') : '';
  const anchorsPem = [pki.rootCertificatePem, c2paTrustList].join('\n');
  const trust = createTrustStore([anchorsPem]);
  const rawTrusted = JSON.stringify({ verify: { verify_trust: true }, trust: { trust_anchors: anchorsPem } });
  const rawUntrusted = JSON.stringify({ verify: { verify_trust: false } });
  const metadata = { creator: 'Bench', license: 'All Rights Reserved' };

  const inputs: { name: string; bytes: Uint8Array; mime: string; runs: number }[] = [
    { name: 'JPEG 100 kB', bytes: await makeSizedImage('jpeg', 100_000), mime: 'image/jpeg', runs: 40 },
    { name: 'JPEG 2 MB', bytes: await makeSizedImage('jpeg', 2_000_000), mime: 'image/jpeg', runs: 15 },
    { name: 'MP4 20 MB', bytes: makeBmff('mp4', 20_000_000), mime: 'video/mp4', runs: 5 },
  ];

  log('\n### Engine: sign and verify (same files, same run)\n');
  log('Trust anchors: our local root plus the C2PA trust list. "raw" is c2pa-wasm WasmReader.fromBytes + manifestStore with the anchors in its context JSON.\n');
  const rows: (string | number)[][] = [];
  for (const input of inputs) {
    const signed = await sign(input.bytes, input.mime, metadata, signer);
    const signTime = await time(Math.max(3, Math.floor(input.runs / 2)), () => sign(input.bytes, input.mime, metadata, signer));
    const ours = await time(input.runs, () => verify(signed.signedBytes, input.mime, { trust }));
    const wasmHashing = await time(input.runs, () => verify(signed.signedBytes, input.mime, { trust, nativeHardBinding: false }));
    const rawWithTrust = await time(input.runs, () => rawVerify(signed.signedBytes, input.mime, rawTrusted));
    const rawNoTrust = await time(input.runs, () => rawVerify(signed.signedBytes, input.mime, rawUntrusted));
    // The floor: one native SHA-256 over the same bytes, all a hard-binding check must at least do.
    const sha256 = await time(input.runs, async () => createHash('sha256').update(signed.signedBytes).digest());
    rows.push([
      input.name,
      ms(signTime.p50),
      ms(signTime.p99),
      ms(ours.p50),
      ms(ours.p99),
      ms(wasmHashing.p50),
      ms(rawWithTrust.p50),
      ms(rawNoTrust.p50),
      ms(sha256.p50),
      (rawWithTrust.p50 / ours.p50).toFixed(2),
      (ours.p50 / rawNoTrust.p50).toFixed(2),
      (ours.p50 / sha256.p50).toFixed(2),
    ]);
  }
  log(
    table(
      ['asset', 'sign p50', 'sign p99', 'engine verify p50', 'engine verify p99', 'engine, hashing in wasm, p50', 'raw (trust list) p50', 'raw (no trust) p50', 'native SHA-256 p50', 'raw trust ÷ engine', 'engine ÷ raw no-trust', 'engine ÷ SHA-256'],
      rows,
    ),
  );
  log('\n"engine, hashing in wasm" is the engine with the native hard-binding check off (nativeHardBinding: false): c2pa-wasm hashes the whole file itself (the JPEG\'s data hash, the MP4\'s BMFF hash).\n');

  if (hasCorpus) {
    const corpus = expectedCorpus();
    const readable = Object.entries(corpus.files).filter(([, expected]) => expected.untrusted.state);
    const files = readable.map(([file, expected]) => ({ bytes: corpusFile(file), mime: expected.mime }));
    const all = async (task: (bytes: Uint8Array, mime: string) => Promise<unknown>) => {
      for (const file of files) await task(file.bytes, file.mime);
    };
    const ours = await time(5, () => all((bytes, mime) => verify(bytes, mime, { trust })), 1);
    const raw = await time(5, () => all((bytes, mime) => rawVerify(bytes, mime, rawTrusted)), 1);
    log(`\nCorpus (${files.length} files with a manifest, verified one after another): engine ${ms(ours.p50 / files.length)} per file, raw c2pa-wasm with the trust list ${ms(raw.p50 / files.length)} per file.\n`);
  }

  log('\n### Manifest overhead (bytes added by signing, no thumbnail)\n');
  const overheadRows: (string | number)[][] = [];
  const sizes = [100_000, 500_000, 2_000_000];
  for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif', 'tiff'] as ImageFixtureFormat[]) {
    for (const size of sizes) {
      const bytes = await makeSizedImage(format, size).catch(() => undefined);
      if (!bytes) continue;
      const signed = await sign(bytes, IMAGE_FIXTURE_MIME[format], metadata, signer);
      const added = signed.signedBytes.byteLength - bytes.byteLength;
      overheadRows.push([format, `${(bytes.byteLength / 1000).toFixed(0)} kB`, added, `${((added / bytes.byteLength) * 100).toFixed(3)}%`]);
    }
  }
  for (const [kind, mime] of [['mp4', 'video/mp4'], ['mov', 'video/quicktime']] as const) {
    for (const size of [1_000_000, 10_000_000, 20_000_000]) {
      const bytes = makeBmff(kind, size);
      const signed = await sign(bytes, mime, metadata, signer);
      const added = signed.signedBytes.byteLength - bytes.byteLength;
      overheadRows.push([kind, `${(bytes.byteLength / 1e6).toFixed(0)} MB`, added, `${((added / bytes.byteLength) * 100).toFixed(4)}%`]);
    }
  }
  log(table(['format', 'asset size', 'bytes added', 'overhead'], overheadRows));

  await runTimestampBench(log, signer, metadata);
  log(`\nPeak resident memory of the engine bench's process (every section above in one process, raw c2pa-wasm and sharp included): ${memory.stop()} MB\n`);
  await runEngineMemoryBench(log, benchDir, pkiDir, anchorsPem);
  rmSync(benchDir, { recursive: true, force: true });
}

/**
 * The engine's own peak memory on the 20 MB MP4, each section in a process of its own
 * (engine-memory-child.ts): in one process, c2pa-wasm's linear memory (which never shrinks) and
 * every other section's buffers add up, so the bench process's peak says little about the engine.
 */
export async function runEngineMemoryBench(log: (text: string) => void, dir: string, pkiDir: string, anchorsPem: string): Promise<{ section: string; peakMb: number }[]> {
  const { pki } = await ensureLocalPki(pkiDir);
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  const unsigned = makeBmff('mp4', 20_000_000);
  const paths = { unsigned: join(dir, 'memory-unsigned.mp4'), signed: join(dir, 'memory-signed.mp4'), anchors: join(dir, 'memory-anchors.pem') };
  writeFileSync(paths.unsigned, unsigned);
  writeFileSync(paths.signed, (await sign(unsigned, 'video/mp4', { creator: 'Bench' }, signer)).signedBytes);
  writeFileSync(paths.anchors, anchorsPem);
  const child = fileURLToPath(new URL('./engine-memory-child.ts', import.meta.url));
  const sections: [section: MemorySection, what: string][] = [
    ['idle', 'the engine loaded, one verify of a 100 kB MP4 (where every section starts)'],
    ['verify', 'engine verify, 3 runs (BMFF hash native, c2pa-wasm on the manifest prefix)'],
    ['verify-wasm-hash', 'engine verify, 3 runs, BMFF hash in c2pa-wasm (nativeHardBinding: false)'],
    ['sign', 'engine sign, 3 runs (c2pa-wasm signs the file whole)'],
    ['raw-verify', 'raw c2pa-wasm WasmReader.fromBytes on the whole file with the trust list, 3 runs'],
  ];
  const results: { section: string; peakMb: number }[] = [];
  for (const [section] of sections) {
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', 'tsx', child, section, paths.unsigned, paths.signed, pkiDir, paths.anchors, '3'], { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) =>
        error ? reject(new Error(`memory section ${section} failed: ${stderr.slice(-2000)}`)) : resolve(stdout),
      );
    });
    results.push(JSON.parse(output.trim().split('\n').at(-1)!) as { section: string; peakMb: number });
  }
  log('\n### Engine memory, 20 MB MP4 (each section in its own process)\n');
  log('Peak RSS as the kernel counts it for that process (node, tsx and the engine loaded included). The file is read from disk into memory first, as the server holds an upload.\n');
  log(table(['section', 'what runs', 'peak RSS'], sections.map(([section, what], index) => [section, what, `${results[index]!.peakMb.toFixed(0)} MB`])));
  return results;
}

/** Signing with and without an RFC 3161 timestamp, and one authority round trip alone. */
export async function runTimestampBench(log: (text: string) => void, signer: ClaimSigner, metadata: SigningMetadata): Promise<void> {
  log('\n### Timestamps (RFC 3161 sigTst2, local `openssl ts` authority on loopback)\n');
  const tsa = await startLocalTsa();
  try {
    const timestamper = createRfc3161Timestamper(
      timestampTransportOver(async (url, { body, contentType }) => ({ bytes: new Uint8Array(await (await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body })).arrayBuffer()) }), tsa.url),
    );
    const timestampRows: (string | number)[][] = [];
    for (const [name, format, size] of [['JPEG 100 kB', 'jpeg', 100_000], ['JPEG 2 MB', 'jpeg', 2_000_000]] as const) {
      const bytes = await makeSizedImage(format, size);
      const plain = await sign(bytes, 'image/jpeg', metadata, signer);
      const stamped = await sign(bytes, 'image/jpeg', metadata, signer, { timestamper });
      const without = await time(10, () => sign(bytes, 'image/jpeg', metadata, signer));
      const withStamp = await time(10, () => sign(bytes, 'image/jpeg', metadata, signer, { timestamper }));
      timestampRows.push([name, ms(without.p50), ms(withStamp.p50), ms(withStamp.p99), ms(withStamp.p50 - without.p50), stamped.signedBytes.byteLength - plain.signedBytes.byteLength]);
    }
    const roundTrip = await time(20, () => timestamper(new Uint8Array(200)));
    log(table(['asset', 'sign p50', 'sign + timestamp p50', 'sign + timestamp p99', 'timestamp cost p50', 'bytes added by the timestamp'], timestampRows));
    log(`\nOne timestamp request alone (build the query, POST, openssl ts -reply, check the reply): p50 ${ms(roundTrip.p50)}, p99 ${ms(roundTrip.p99)}. The bytes added are the space kept for the token (8 KiB), whatever the token's own size.\n`);
  } finally {
    await tsa.close();
  }
}
