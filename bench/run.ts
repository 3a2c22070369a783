/**
 * `npm run bench`: every benchmark of the project in one run, printed as Markdown tables.
 * Figures are medians and ratios: these machines are shared and noisy.
 */
import path from 'node:path';
import { runHttpBench } from '../apps/server/bench/http-bench.ts';
import { makeSizedImage, rawVerify, runEngineBench } from '../packages/provenance/bench/engine-bench.ts';
import { ms, samplePeakMemory, table, time } from '../packages/provenance/bench/measure.ts';
import { readerSettings } from '../packages/provenance/src/c2pa/reader-settings.ts';
import { CORPUS_DIR, corpusText, hasCorpus } from '../packages/provenance/src/testing/shared-corpus.ts';

const log = (text: string) => process.stdout.write(`${text}\n`);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

log(`# Provenance Gateway benchmarks (${new Date().toISOString()}, Node ${process.version})`);
await runEngineBench(log);

const memory = samplePeakMemory();
const trustListFile = path.join(CORPUS_DIR, 'trust/C2PA-TRUST-LIST.pem');
const assets = [
  { name: 'photo-100k.jpg', bytes: await makeSizedImage('jpeg', 100_000), mime: 'image/jpeg' },
  { name: 'photo-2m.jpg', bytes: await makeSizedImage('jpeg', 2_000_000), mime: 'image/jpeg' },
];
const { rows, signedAssets } = await runHttpBench(assets, { trustAnchorFiles: hasCorpus ? [trustListFile] : [], seconds });

log(`\n### HTTP: POST /verify-content by upload and POST /sign-content (autocannon, ${seconds} s each, 127.0.0.1)\n`);
log(`Server trust anchors: its own root${hasCorpus ? ' plus the C2PA trust list' : ''}. "cold" runs with the verification cache off; "cached" with it on (the same asset verified again).\n`);
const responses = (result: (typeof rows)[number]['result']) =>
  [...Object.entries(result.statuses).map(([status, count]) => `${count} × ${status}`), ...(result.errors ? [`${result.errors} errors`] : [])].join(', ');
log(table(['request', 'workers', 'req/s', 'p50', 'p99', 'responses'], rows.map((row) => [row.label, row.workers, row.result.requestsPerSecond.toFixed(1), `${row.result.p50} ms`, `${row.result.p99} ms`, responses(row.result)])));

const anchors = hasCorpus ? corpusText('trust/C2PA-TRUST-LIST.pem') : '';
log('\nRaw c2pa-wasm on the same signed files, same run (WasmReader.fromBytes + manifestStore, in process, no HTTP):\n');
const rawRows: (string | number)[][] = [];
for (const asset of signedAssets) {
  const withTrust = await time(20, () => rawVerify(asset.bytes, asset.mime, readerSettings({ anchorsPem: anchors || undefined })));
  const noTrust = await time(20, () => rawVerify(asset.bytes, asset.mime, readerSettings()));
  const cold1 = rows.find((row) => row.workers === 1 && row.label === `verify ${asset.name} (cold), 1 connection`)!.result;
  rawRows.push([asset.name, ms(withTrust.p50), ms(noTrust.p50), `${cold1.p50} ms`, (withTrust.p50 / cold1.p50).toFixed(2), (cold1.p50 / noTrust.p50).toFixed(2)]);
}
log(table(['asset', 'raw, trust list, p50', 'raw, no trust, p50', 'HTTP cold p50 (1 worker, 1 connection)', 'raw trust ÷ HTTP', 'HTTP ÷ raw no-trust'], rawRows));
const throughput = (label: string, workers: number) => rows.find((row) => row.workers === workers && row.label === label)?.result.requestsPerSecond ?? 0;
for (const asset of signedAssets) {
  const one = throughput(`verify ${asset.name} (cold), 4 connections`, 1);
  const two = throughput(`verify ${asset.name} (cold), 8 connections`, 2);
  log(`\nThroughput, verify ${asset.name} (cold): 2 workers ÷ 1 worker = ${(two / one).toFixed(2)}`);
}
log(`\nPeak resident memory during the HTTP bench (server, workers and load generator in one process tree's main process): ${memory.stop()} MB`);
