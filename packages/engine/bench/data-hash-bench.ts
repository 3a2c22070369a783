/**
 * Data-hashed formats and edit histories (issue 20): engine verify of PNG, GIF and MP3 (the native
 * data hash path, data-hash-binding.ts) and of a 7-manifest JPEG history (the store's trust verdict
 * reused, store-verdicts.ts), next to raw c2pa-wasm with and without trust and the native SHA-256
 * floor over the same bytes, in the same run.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPemSigner, createTrustStore, ensureLocalPki, sign, verify } from '../src/index.ts';
import { readerSettings } from '../src/c2pa/reader-settings.ts';
import { corpusFile, corpusText, hasCorpus } from '../src/testing/shared-corpus.ts';
import { makeSizedImage, rawVerify } from './engine-bench.ts';
import { ms, table, takingTurns } from './measure.ts';

/** The corpus file the 7-manifest history is signed over (6 manifests of its own). */
export const HISTORY_CORPUS_FILE = 'public-testfiles/adobe-20220124-CAIAIIICAICIICAIICICA.jpg';

export interface DataHashBenchRow {
  name: string;
  engine: number;
  wasmHashing: number;
  rawTrust: number;
  rawNoTrust: number;
  sha256: number;
}

export async function runDataHashBench(log: (text: string) => void): Promise<DataHashBenchRow[]> {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-data-hash-bench-')), 'pki'));
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  const anchorsPem = [pki.rootCertificatePem, hasCorpus ? corpusText('trust/C2PA-TRUST-LIST.pem') : ''].join('\n');
  const trust = createTrustStore([anchorsPem]);
  const rawTrusted = readerSettings({ anchorsPem });
  const rawUntrusted = readerSettings();
  const inputs: { name: string; mime: string; bytes: () => Promise<Uint8Array>; runs: number }[] = [
    { name: 'PNG 2 MB', mime: 'image/png', bytes: () => makeSizedImage('png', 2_000_000), runs: 15 },
    { name: 'GIF 1 MB', mime: 'image/gif', bytes: () => makeSizedImage('gif', 1_000_000), runs: 15 },
    ...(hasCorpus
      ? [
          { name: 'MP3 2 MB (corpus sample1.mp3)', mime: 'audio/mpeg', bytes: async () => corpusFile('c2pa-rs/sample1.mp3'), runs: 15 },
          { name: 'JPEG history, 7 manifests', mime: 'image/jpeg', bytes: async () => corpusFile(HISTORY_CORPUS_FILE), runs: 10 },
        ]
      : []),
  ];
  const rows: DataHashBenchRow[] = [];
  for (const input of inputs) {
    const original = await input.bytes().catch(() => null);
    if (!original) continue;
    const signed = (await sign(original, input.mime, { creator: 'Bench' }, { signer })).signedBytes;
    const p50 = await takingTurns(input.runs, {
      engine: () => verify(signed, input.mime, { trust }),
      wasmHashing: () => verify(signed, input.mime, { trust, nativeHardBinding: false }),
      rawTrust: () => rawVerify(signed, input.mime, rawTrusted),
      rawNoTrust: () => rawVerify(signed, input.mime, rawUntrusted),
      sha256: async () => createHash('sha256').update(signed).digest(),
    });
    rows.push({ name: input.name, ...p50 });
  }
  log('\n### Engine: data-hashed formats and a 7-manifest history (same files, same run)\n');
  log('Trust anchors: our local root plus the C2PA trust list. The five measurements take turns, round after round (p50 of each). "engine, hashing in wasm" has the native data hash off (nativeHardBinding: false).\n');
  log(
    table(
      ['asset', 'engine verify p50', 'engine, hashing in wasm, p50', 'raw (trust list) p50', 'raw (no trust) p50', 'native SHA-256 p50', 'engine ÷ raw no-trust', 'engine ÷ SHA-256'],
      rows.map((row) => [row.name, ms(row.engine), ms(row.wasmHashing), ms(row.rawTrust), ms(row.rawNoTrust), ms(row.sha256), (row.engine / row.rawNoTrust).toFixed(2), (row.engine / row.sha256).toFixed(2)]),
    ),
  );
  log('\nPNG, GIF and MP3: c2pa-wasm reads the manifest prefix, Node hashes the file (WebP, WAV, TIFF, PDF, SVG stay whole-file: their store is at the end or in XML). The history: its trust verdict is reused per exact store after the first read, as for single-manifest chains.\n');
  return rows;
}
