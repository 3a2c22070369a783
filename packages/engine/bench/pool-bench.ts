/**
 * Engine pool benchmark: what the pool adds to a verification. How long a worker takes to start
 * (until ready, and until its first answer), what handing a 16 MB file to a worker costs (copied by
 * structured clone, copied once and transferred, or transferred as it is), and a pool verification
 * next to calling the engine directly on the same bytes.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createEnginePool, type EnginePool } from '../src/pool/engine-pool.ts';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify } from '../src/index.ts';
import { makeBmff, makeImage } from '../src/testing/make-assets.ts';
import { compileC2pa } from '../src/c2pa/wasm.ts';
import { ms, table, time } from './measure.ts';

// A worker that answers every message with its size: the hand-over alone, without the engine.
const ECHO_WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (bytes) => parentPort.postMessage(bytes.byteLength));
`;

// A worker that loads c2pa-wasm as the engine worker does (initSync) and says how long it took: from
// the file's bytes (compiled in the worker, as before the pool compiled it once) or from a shared Module.
const LOAD_WORKER = (c2paJs: string) => `
import { parentPort, workerData } from 'node:worker_threads';
const { initSync, WasmReader } = await import(${JSON.stringify(c2paJs)});
let started = performance.now();
initSync({ module: workerData.module });
const load = performance.now() - started;
started = performance.now();
const reader = await WasmReader.fromBytes('image/jpeg', workerData.signed, JSON.stringify({ verify: { verify_trust: false } }));
reader.manifestStore();
reader.free();
parentPort.postMessage({ load, firstRead: performance.now() - started });
`;

/** p50 of loading c2pa-wasm in a new worker, of its first read of a signed JPEG, and of the whole start (new Worker to that read done). */
async function workerLoadTimes(module: WebAssembly.Module | Uint8Array, signed: Uint8Array, runs: number): Promise<{ load: number; firstRead: number; start: number }> {
  const c2paJs = pathToFileURL(createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm')).href;
  const url = new URL(`data:text/javascript,${encodeURIComponent(LOAD_WORKER(c2paJs))}`);
  const loads: number[] = [];
  const firstReads: number[] = [];
  const starts: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const worker = new Worker(url, { workerData: { module, signed } });
    const answer = await new Promise<{ load: number; firstRead: number }>((answered, failed) => worker.once('message', answered).once('error', failed));
    loads.push(answer.load);
    firstReads.push(answer.firstRead);
    starts.push(performance.now() - started);
    await worker.terminate();
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { load: median(loads), firstRead: median(firstReads), start: median(starts) };
}

async function handOverTimes(bytes: Uint8Array, runs: number): Promise<{ clone: number; copyThenTransfer: number; transfer: number }> {
  const worker = new Worker(ECHO_WORKER, { eval: true });
  const roundTrip = (send: () => void) =>
    new Promise<void>((answered) => {
      worker.once('message', () => answered());
      send();
    });
  try {
    const clone = await time(runs, () => roundTrip(() => worker.postMessage(bytes)));
    const copyThenTransfer = await time(runs, () =>
      roundTrip(() => {
        const copy = new Uint8Array(bytes);
        worker.postMessage(copy, [copy.buffer]);
      }),
    );
    // Each run transfers a fresh buffer (made outside the timing): a transferred buffer is gone.
    const fresh: Uint8Array<ArrayBuffer>[] = Array.from({ length: runs + 2 }, () => new Uint8Array(bytes));
    const transfer = await time(runs, () =>
      roundTrip(() => {
        const own = fresh.pop()!;
        worker.postMessage(own, [own.buffer]);
      }),
    );
    return { clone: clone.p50, copyThenTransfer: copyThenTransfer.p50, transfer: transfer.p50 };
  } finally {
    await worker.terminate();
  }
}

export async function runPoolBench(log: (text: string) => void): Promise<void> {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-bench-')), 'pki'));
  const signerPems = { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem };
  const trustAnchorPems = [pki.rootCertificatePem];
  const signed = (await sign(makeBmff('mp4', 16_000_000), 'video/mp4', { creator: 'Bench' }, { signer: createPemSigner(signerPems) })).signedBytes;

  log('\n### Engine pool: worker start and hand-over\n');
  const startRows: (string | number)[][] = [];
  for (const workers of [1, 2]) {
    for (let round = 0; round < 3; round += 1) {
      let started = performance.now();
      const pool: EnginePool = await createEnginePool({ workers, signer: signerPems, trustAnchorPems });
      const ready = performance.now() - started;
      started = performance.now();
      await Promise.all(Array.from({ length: workers }, () => pool.verify(signed.slice(0, 4096), 'video/mp4').catch(() => undefined)));
      const firstAnswer = performance.now() - started;
      startRows.push([workers, round + 1, ms(ready), ms(firstAnswer), ms(ready + firstAnswer)]);
      await pool.close();
    }
  }
  log(table(['workers', 'round', 'pool ready', 'first answer from every worker', 'start to first answers'], startRows));
  log('\n"pool ready" includes each worker registering the TypeScript loader and importing the engine from source (tsx); the compiled server\'s bundled worker skips that. "first answer": a tiny task per worker.\n');
  const wasmFile = new Uint8Array(readFileSync(createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm')));
  const signedJpeg = (await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Bench' }, { signer: createPemSigner(signerPems) })).signedBytes;
  const compiling = await workerLoadTimes(wasmFile, signedJpeg, 7);
  const sharing = await workerLoadTimes(await compileC2pa(), signedJpeg, 7);
  const loadRows = [
    [`compiled in the worker from its ${(wasmFile.byteLength / 1e6).toFixed(1)} MB file (before)`, ms(compiling.load), ms(compiling.firstRead), ms(compiling.start)],
    ["instantiated from the pool's shared Module", ms(sharing.load), ms(sharing.firstRead), ms(sharing.start)],
  ];
  log(table(['c2pa-wasm in a new worker (p50 of 7 workers)', 'instantiate', 'first read of a signed JPEG', 'new Worker to that read done'], loadRows));
  log(
    '\nV8 compiles WebAssembly functions lazily (on first call), so compiling in each worker costs little: most of a worker\'s start is loading JavaScript (c2pa-wasm\'s bindings, and the engine itself in a pool worker). The shared Module saves each worker its compile and the file read; on a loaded machine the difference is within the noise.\n',
  );

  const handOver = await handOverTimes(signed, 15);
  log(
    `Hand-over of ${(signed.byteLength / 1e6).toFixed(1)} MB to a worker and its answer back (an echo worker, p50): structured clone ${ms(handOver.clone)}, one copy then transfer ${ms(handOver.copyThenTransfer)}, transfer ${ms(handOver.transfer)}.\n`,
  );

  const trust = createTrustStore(trustAnchorPems);
  const direct = await time(8, () => verify(signed, 'video/mp4', { trust }));
  const verifyRows: (string | number)[][] = [['engine directly (no pool)', ms(direct.p50), ms(direct.p99), '']];
  for (const transferBytes of [false, true]) {
    const pool = await createEnginePool({ workers: 1, signer: signerPems, trustAnchorPems, transferBytes });
    try {
      // With transferBytes the pool takes the caller's buffer, so each run hands over its own copy (made before timing).
      const copies: Uint8Array[] = Array.from({ length: 12 }, () => signed.slice());
      const pooled = await time(8, () => pool.verify(transferBytes ? copies.pop()! : signed, 'video/mp4'));
      verifyRows.push([transferBytes ? 'pool, bytes transferred (transferBytes)' : 'pool, bytes copied once then transferred (the default)', ms(pooled.p50), ms(pooled.p99), ms(pooled.p50 - direct.p50)]);
    } finally {
      await pool.close();
    }
  }
  log(table([`verify ${(signed.byteLength / 1e6).toFixed(1)} MB MP4`, 'p50', 'p99', 'pool overhead p50'], verifyRows));
}

if (import.meta.url === `file://${process.argv[1]}`) await runPoolBench((text) => process.stdout.write(`${text}\n`));
