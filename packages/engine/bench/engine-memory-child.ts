/**
 * One section of the engine bench's memory measurement, in a process of its own so that its peak
 * RSS is its own: c2pa-wasm's linear memory never shrinks, so in one process the largest operation of
 * any section (raw c2pa-wasm reading a whole 20 MB MP4, signing it whole) sets the peak of all.
 *
 *   engine-memory-child.ts <section> <unsigned.mp4> <signed.mp4> <pki-dir> <anchors.pem> <runs>
 *
 * Sections: `idle` (the engine loaded, one small verify), `verify` (the engine's verify of the
 * signed file, BMFF hash native), `verify-wasm-hash` (the same with the hash in c2pa-wasm), `sign`
 * (the engine's sign of the unsigned file), `raw-verify` (c2pa-wasm WasmReader on the whole file,
 * with the trust anchors). Prints one JSON line: the section and the process's peak RSS in MB, as
 * the kernel counted it.
 */
import { readFileSync } from 'node:fs';
import { loadC2pa } from '../src/c2pa/wasm.ts';
import { createPemSigner, createTrustStore, sign, verify } from '../src/index.ts';
import { readLocalPki } from '../src/pki/local-pki.ts';
import { makeBmff } from '../src/testing/make-assets.ts';
import { peakRssMb } from './measure.ts';

export const MEMORY_SECTIONS = ['idle', 'verify', 'verify-wasm-hash', 'sign', 'raw-verify'] as const;
export type MemorySection = (typeof MEMORY_SECTIONS)[number];

async function runSection(section: MemorySection, unsignedPath: string, signedPath: string, pkiDir: string, anchorsPath: string, runs: number): Promise<void> {
  const anchorsPem = readFileSync(anchorsPath, 'utf8');
  const trust = createTrustStore([anchorsPem]);
  if (section === 'idle') {
    // The engine loaded and used once on a small file: what every section starts from.
    await verify(makeBmff('mp4', 100_000), 'video/mp4', { trust });
    return;
  }
  if (section === 'sign') {
    const pki = await readLocalPki(pkiDir);
    if (!pki) throw new Error(`no PKI in ${pkiDir}`);
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const unsigned = new Uint8Array(readFileSync(unsignedPath));
    for (let run = 0; run < runs; run += 1) await sign(unsigned, 'video/mp4', { creator: 'Bench' }, { signer });
    return;
  }
  const signed = new Uint8Array(readFileSync(signedPath));
  for (let run = 0; run < runs; run += 1) {
    if (section === 'raw-verify') {
      const reader = await loadC2pa().WasmReader.fromBytes('video/mp4', signed, JSON.stringify({ verify: { verify_trust: true }, trust: { trust_anchors: anchorsPem } }));
      reader.manifestStore();
      reader.free();
    } else {
      await verify(signed, 'video/mp4', { trust, nativeHardBinding: section === 'verify' });
    }
  }
}

const [section, unsignedPath, signedPath, pkiDir, anchorsPath, runsText] = process.argv.slice(2);
if (process.argv[1]?.endsWith('engine-memory-child.ts')) {
  if (!MEMORY_SECTIONS.includes(section as MemorySection) || !unsignedPath || !signedPath || !pkiDir || !anchorsPath) {
    throw new Error('usage: engine-memory-child.ts <section> <unsigned> <signed> <pki-dir> <anchors.pem> [runs]');
  }
  await runSection(section as MemorySection, unsignedPath, signedPath, pkiDir, anchorsPath, Number(runsText ?? 5));
  process.stdout.write(`${JSON.stringify({ section, peakMb: peakRssMb() })}\n`);
}
