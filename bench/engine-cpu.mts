/**
 * CPU time per signing and per verification (process.cpuUsage, all threads) and wall time, p50, with
 * the engine of the checkout given, in this process: for comparing two engine builds where the
 * machine's load moves wall-clock figures more than the builds do (docs/performance.md). Run it in
 * turns with each checkout's own tsx:
 *
 *   (cd CHECKOUT && npx tsx /path/to/bench/engine-cpu.mts CHECKOUT)
 *
 * Prints one JSON line.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
const root = path.resolve(process.argv[2] ?? '.');
// The engine's folder: packages/engine, or packages/provenance in checkouts before it was renamed.
const engineDir = existsSync(path.join(root, 'packages/engine')) ? 'packages/engine' : 'packages/provenance';
// sign() took the signer as its fourth argument before the one-engine refactor, then inside its options.
const signerInOptions = readFileSync(path.join(root, `${engineDir}/src/sign.ts`), 'utf8').includes('options.signer');
const engine = await import(pathToFileURL(path.join(root, `${engineDir}/src/index.ts`)).href);
const { makeSizedImage } = await import(pathToFileURL(path.join(root, `${engineDir}/bench/engine-bench.ts`)).href);
const { makeBmff } = await import(pathToFileURL(path.join(root, `${engineDir}/src/testing/make-assets.ts`)).href);
const { pki } = await engine.ensureLocalPki(path.join(mkdtempSync(path.join(tmpdir(), 'pg-signcpu-')), 'pki'));
const signer = engine.createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
const trust = engine.createTrustStore([pki.rootCertificatePem]);
const inputs = [['JPEG 100 kB', await makeSizedImage('jpeg', 100_000), 'image/jpeg', 30], ['JPEG 2 MB', await makeSizedImage('jpeg', 2_000_000), 'image/jpeg', 20], ['MP4 20 MB', makeBmff('mp4', 20_000_000), 'video/mp4', 10]] as const;
const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const out: Record<string, number> = {};
for (const [name, bytes, mime, runs] of inputs) {
  const signed = (await engine.sign(bytes, mime, { creator: 'Bench' }, signerInOptions ? { signer } : signer)).signedBytes;
  for (const [kind, task] of [['sign', () => engine.sign(bytes, mime, { creator: 'Bench' }, signerInOptions ? { signer } : signer)], ['verify', () => engine.verify(signed, mime, { trust })]] as const) {
    const cpu: number[] = []; const wall: number[] = [];
    for (let i = 0; i < runs + 2; i++) { const t = performance.now(); const c = process.cpuUsage(); await task(); const u = process.cpuUsage(c); if (i >= 2) { cpu.push((u.user + u.system) / 1000); wall.push(performance.now() - t); } }
    out[`${name} ${kind} cpu`] = Math.round(median(cpu) * 10) / 10; out[`${name} ${kind} wall`] = Math.round(median(wall) * 10) / 10;
  }
}
process.stdout.write(JSON.stringify(out) + '\n');
