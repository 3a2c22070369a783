/**
 * Engine benchmark: sign and verify latency next to raw c2pa-wasm on the same files in the same
 * run, manifest overhead by format and asset size, and what an RFC 3161 timestamp costs (a local
 * `openssl ts` authority on loopback; the bench POSTs with fetch, the server through its safe fetcher).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPemSigner, ensureLocalPki, sign } from '../src/index.ts';
import { makeBmff } from '../src/testing/make-assets.ts';
import { corpusText, hasCorpus } from '../src/testing/shared-corpus.ts';
import type { EngineFixture } from './engine-fixtures.ts';
import type { MemorySection } from './engine-memory-child.ts';
import type { EngineTimingPlan, EngineTimingResult } from './engine-timing-child.ts';
import { ms, table } from './measure.ts';
import type { RawC2paPlan, RawC2paResult } from './raw-c2pa-child.ts';

export { makeSizedImage } from './sized-image.ts';
export { rawVerify } from './raw-c2pa-child.ts';

/**
 * Why the engine's process is measured twice (given the server's `npm start` environment, and under
 * glibc's defaults): under the defaults, threads that allocate at the same time (V8's background
 * compilers and GC helpers with the main thread) get arenas of their own, up to 8 per core, and
 * memory freed in them stays resident. Measured in the engine's process (VmHWM, process.memoryUsage()
 * and smaps_rollup per section): its live memory was the same either way (V8 heap about 50 MB, array
 * buffers 40 to 100 MB, c2pa-wasm's linear memory 17 MB); what differed was that retention, 367 to
 * 404 MB at the end under the defaults against 328 to 332 MB with MALLOC_ARENA_MAX=2. A full GC does
 * not lower it (with --expose-gc, RSS stayed at 364 MB after gc() with 39 MB of array buffers live):
 * the buffers were freed, glibc kept the pages.
 */
type ProcessEnv = Readonly<Record<string, string>>;

/** Runs a bench script in a node process of its own (tsx) and returns the JSON of its last stdout line. */
function runChild<T>(script: string, args: string[], env: ProcessEnv): Promise<T> {
  const file = fileURLToPath(new URL(script, import.meta.url));
  // The environment given replaces the inherited values of the variables it names; glibc's defaults: every MALLOC_ variable removed.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MALLOC_')));
  return new Promise<T>((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', file, ...args], { maxBuffer: 16 * 1024 * 1024, env: { ...inherited, ...env } }, (error, stdout, stderr) =>
      error ? reject(new Error(`${script} failed: ${stderr.slice(-2000)}`)) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as T),
    ),
  );
}

/**
 * The engine bench in three processes, so that each peak RSS says what it measures: the input files
 * are made in one (sharp), the engine signs and verifies them in another (engine-timing-child.ts),
 * and raw c2pa-wasm and the engine with the hash in c2pa-wasm read the signed files in a third
 * (raw-c2pa-child.ts). In one process c2pa-wasm's memory, which never shrinks, grew to the largest
 * whole file any baseline gave it, and sharp's encoders peaked above everything else. Each process
 * runs with `processEnv`, the malloc settings the server's `npm start` gives the engine (bench/run.ts
 * reads them from its start script); the engine's process runs a second time under glibc's defaults,
 * for its peak only (its timings are the first run's).
 *
 * Returns each process's peak RSS in MB: the engine's (the whole engine bench) under `npm start`'s
 * malloc settings and under glibc's defaults, the baselines' and the fixtures'.
 */
export async function runEngineBench(
  log: (text: string) => void,
  processEnv: ProcessEnv,
): Promise<{ enginePeakMb: number; enginePeakDefaultMallocMb: number; baselinePeakMb: number; fixturesPeakMb: number }> {
  const benchDir = mkdtempSync(join(tmpdir(), 'pg-bench-'));
  const pkiDir = join(benchDir, 'pki');
  const { pki } = await ensureLocalPki(pkiDir);
  const c2paTrustList = hasCorpus ? corpusText('trust/C2PA-TRUST-LIST.pem') : '';
  const anchorsPem = [pki.rootCertificatePem, c2paTrustList].join('\n');
  const anchorsPath = join(benchDir, 'anchors.pem');
  writeFileSync(anchorsPath, anchorsPem);

  const made = await runChild<{ fixtures: EngineFixture[]; peakMb: number }>('./engine-fixtures.ts', [benchDir], processEnv);
  const input = (format: string, size: number) => made.fixtures.find((fixture) => fixture.use === 'input' && fixture.format === format && fixture.size === size)!;
  const inputs = [
    { name: 'JPEG 100 kB', fixture: input('jpeg', 100_000), runs: 40 },
    { name: 'JPEG 2 MB', fixture: input('jpeg', 2_000_000), runs: 15 },
    { name: 'MP4 20 MB', fixture: input('mp4', 20_000_000), runs: 5 },
  ].map(({ name, fixture, runs }) => ({ name, path: fixture.path, mime: fixture.mime, runs, signedPath: `${fixture.path}.signed` }));
  const plan: EngineTimingPlan = {
    pkiDir,
    anchorsPath,
    inputs,
    overhead: made.fixtures.filter((fixture) => fixture.use === 'overhead'),
    timestamped: inputs.filter((entry) => entry.mime === 'image/jpeg').map(({ name, path }) => ({ name, path })),
  };
  writeFileSync(join(benchDir, 'engine-plan.json'), JSON.stringify(plan));
  const engine = await runChild<EngineTimingResult>('./engine-timing-child.ts', [join(benchDir, 'engine-plan.json')], processEnv);
  // The same engine work again under glibc's default malloc settings, for its memory only (the note above runChild says why).
  const engineDefaultMalloc = await runChild<EngineTimingResult>('./engine-timing-child.ts', [join(benchDir, 'engine-plan.json')], {});
  const rawPlan: RawC2paPlan = { anchorsPath, files: inputs.map(({ name, signedPath, mime, runs }) => ({ name, path: signedPath, mime, runs })) };
  writeFileSync(join(benchDir, 'raw-plan.json'), JSON.stringify(rawPlan));
  const raw = await runChild<RawC2paResult>('./raw-c2pa-child.ts', [join(benchDir, 'raw-plan.json')], processEnv);

  log('\n### Engine: sign and verify (same files, same run)\n');
  log('Trust anchors: our local root plus the C2PA trust list. "raw" is c2pa-wasm WasmReader.fromBytes + manifestStore with the anchors in its context JSON. The engine runs in a process of its own; raw c2pa-wasm and "engine, hashing in wasm" in another, on the files the engine signed, just after it.\n');
  const rows = engine.inputs.map((ours) => {
    const base = raw.files.find((file) => file.name === ours.name)!;
    return [
      ours.name,
      ms(ours.sign.p50),
      ms(ours.sign.p99),
      ms(ours.verify.p50),
      ms(ours.verify.p99),
      ms(base.wasmHashing),
      ms(base.rawWithTrust),
      ms(base.rawNoTrust),
      ms(ours.sha256.p50),
      (base.rawWithTrust / ours.verify.p50).toFixed(2),
      (ours.verify.p50 / base.rawNoTrust).toFixed(2),
      (ours.verify.p50 / ours.sha256.p50).toFixed(2),
    ];
  });
  log(
    table(
      ['asset', 'sign p50', 'sign p99', 'engine verify p50', 'engine verify p99', 'engine, hashing in wasm, p50', 'raw (trust list) p50', 'raw (no trust) p50', 'native SHA-256 p50', 'raw trust ÷ engine', 'engine ÷ raw no-trust', 'engine ÷ SHA-256'],
      rows,
    ),
  );
  log('\n"engine, hashing in wasm" is the engine with the native hard-binding check off (nativeHardBinding: false): c2pa-wasm hashes the whole file itself (the JPEG\'s data hash, the MP4\'s BMFF hash). Signing an MP4 hashes it natively too; c2pa-wasm signs only the manifest.\n');
  if (engine.corpus && raw.corpus) {
    log(`\nCorpus (${engine.corpus.files} files with a manifest, verified one after another): engine ${ms(engine.corpus.perFile)} per file, raw c2pa-wasm with the trust list ${ms(raw.corpus.perFile)} per file.\n`);
  }

  log('\n### Manifest overhead (bytes added by signing, no thumbnail)\n');
  log(
    table(
      ['format', 'asset size', 'bytes added', 'overhead'],
      engine.overhead.map(({ format, bytes, added }) =>
        format === 'mp4' || format === 'mov'
          ? [format, `${(bytes / 1e6).toFixed(0)} MB`, added, `${((added / bytes) * 100).toFixed(4)}%`]
          : [format, `${(bytes / 1000).toFixed(0)} kB`, added, `${((added / bytes) * 100).toFixed(3)}%`],
      ),
    ),
  );

  log('\n### Timestamps (RFC 3161 sigTst2, local `openssl ts` authority on loopback)\n');
  log(
    table(
      ['asset', 'sign p50', 'sign + timestamp p50', 'sign + timestamp p99', 'timestamp cost p50', 'bytes added by the timestamp'],
      engine.timestamps.map((row) => [row.name, ms(row.without.p50), ms(row.with.p50), ms(row.with.p99), ms(row.with.p50 - row.without.p50), row.added]),
    ),
  );
  log(`\nOne timestamp request alone (build the query, POST, openssl ts -reply, check the reply): p50 ${ms(engine.timestampRoundTrip.p50)}, p99 ${ms(engine.timestampRoundTrip.p99)}. The bytes added are the space kept for the token (8 KiB), whatever the token's own size.\n`);

  log(`\n### Engine bench memory (peak RSS of each process, VmHWM as the kernel counts it; ${Object.entries(processEnv).map(([name, value]) => `${name}=${value}`).join(' ')} as \`npm start\` sets it)\n`);
  log(
    table(
      ['process', 'what it ran', 'peak RSS'],
      [
        ['engine', 'node, tsx and the engine: the sign and verify table above (JPEG 100 kB, JPEG 2 MB, MP4 20 MB)', `${engine.peakAfterInputsMb.toFixed(0)} MB`],
        ['engine', '… then the corpus verified, the overhead table signed (images to 2 MB, MP4 and MOV to 20 MB) and the timestamp table: the whole engine bench', `${engine.peakMb.toFixed(0)} MB`],
        ['engine, glibc\'s default malloc settings', 'the same whole engine bench, run again: after the sign and verify table / at the end', `${engineDefaultMalloc.peakAfterInputsMb.toFixed(0)} / ${engineDefaultMalloc.peakMb.toFixed(0)} MB`],
        ['baselines', 'raw c2pa-wasm with and without trust and the engine with the hash in c2pa-wasm on the same signed files, raw c2pa-wasm on the corpus', `${raw.peakMb.toFixed(0)} MB`],
        ['fixtures', 'sharp making the JPEG, PNG, WebP, AVIF, GIF and TIFF inputs, and the MP4 and MOV files', `${made.peakMb.toFixed(0)} MB`],
      ],
    ),
  );
  log('\nThe engine rows are the engine bench\'s memory (the issue\'s 714 MB was one process running all of it). Under glibc\'s defaults the engine\'s live memory is the same; what differs is freed memory glibc keeps resident in per-thread arenas, which a full GC does not give back.\n');
  await runEngineMemoryBench(log, benchDir, pkiDir, anchorsPem);
  rmSync(benchDir, { recursive: true, force: true });
  return { enginePeakMb: engine.peakMb, enginePeakDefaultMallocMb: engineDefaultMalloc.peakMb, baselinePeakMb: raw.peakMb, fixturesPeakMb: made.peakMb };
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
  writeFileSync(paths.signed, (await sign(unsigned, 'video/mp4', { creator: 'Bench' }, { signer })).signedBytes);
  writeFileSync(paths.anchors, anchorsPem);
  const child = fileURLToPath(new URL('./engine-memory-child.ts', import.meta.url));
  const sections: [section: MemorySection, what: string][] = [
    ['idle', 'the engine loaded, one verify of a 100 kB MP4 (where every section starts)'],
    ['verify', 'engine verify, 3 runs (BMFF hash native, c2pa-wasm on the manifest prefix)'],
    ['verify-wasm-hash', 'engine verify, 3 runs, BMFF hash in c2pa-wasm (nativeHardBinding: false)'],
    ['sign', 'engine sign, 3 runs (BMFF hash native, c2pa-wasm signs the manifest only)'],
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
