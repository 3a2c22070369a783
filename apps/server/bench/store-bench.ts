/**
 * Asset store bench (issue 19): POST /sign-content throughput of the same JPEGs with the local
 * directory store and with the S3 store on s3rver (its own process, 127.0.0.1), in the same run,
 * the two taking turns so that the shared machine's drift falls on both. Each signing writes the
 * signed file, the .c2pa manifest store and the thumbnail to the store.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { makeSizedImage } from '../../../packages/provenance/bench/engine-bench.ts';
import { ms, table } from '../../../packages/provenance/bench/measure.ts';
import { parseAssetStoreSetting } from '../src/services/assets/asset-store-setting.ts';
import { openAssetStore, type OpenedAssetStore } from '../src/services/assets/open-asset-store.ts';
import { load, multipart, startServer, type LoadResult } from './http-bench.ts';

interface S3Process {
  url: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

async function startS3Process(): Promise<S3Process> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const child = spawn(process.execPath, [tsx, path.join(import.meta.dirname, 's3rver-process.ts')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const [line] = await Promise.race([createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next().then((next) => [next.value as string]), exited.then(() => [undefined])]);
  if (!line) throw new Error('s3rver did not start');
  const { url, credentials } = JSON.parse(line) as Pick<S3Process, 'url' | 'credentials'>;
  return {
    url,
    credentials,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function runStoreBench(log: (text: string) => void, options: { seconds: number; rounds?: number }): Promise<void> {
  const rounds = options.rounds ?? 2;
  const workers = 2;
  const connections = 4;
  const assets = [
    { name: 'photo-100k.jpg', bytes: await makeSizedImage('jpeg', 100_000), mime: 'image/jpeg' },
    { name: 'photo-1m.jpg', bytes: await makeSizedImage('jpeg', 1_000_000), mime: 'image/jpeg' },
  ];
  const s3 = await startS3Process();
  const stores: { label: string; open: () => Promise<OpenedAssetStore | undefined> }[] = [
    { label: 'local directory', open: async () => undefined },
    { label: 'S3 (s3rver, loopback)', open: () => openAssetStore(parseAssetStoreSetting(s3.url), { dataDir: mkdtempSync(path.join(tmpdir(), 'pg-store-bench-')), credentials: s3.credentials }) },
  ];
  const results = new Map<string, LoadResult[]>();
  try {
    for (let round = 0; round < rounds; round += 1) {
      for (const store of stores) {
        const opened = await store.open();
        const server = await startServer({ workers, cache: false, trustAnchorFiles: [], ...(opened && { store: opened.store }) });
        try {
          const token = await server.signUp();
          for (const asset of assets) {
            const body = multipart({ file: { value: asset.bytes, fileName: asset.name }, metadata: { value: JSON.stringify({ creator: 'Bench' }) } });
            const url = `${server.url}/api/v1/sign-content`;
            await load(url, body, { connections, seconds: 1, token }); // warm-up, not counted
            const key = `${asset.name}|${store.label}`;
            results.set(key, [...(results.get(key) ?? []), await load(url, body, { connections, seconds: options.seconds, token })]);
          }
        } finally {
          await server.stop();
          opened?.close();
        }
      }
    }
  } finally {
    await s3.stop();
  }

  log(`\n### Asset store: POST /sign-content with the local store and with S3 (autocannon, ${options.seconds} s × ${rounds} rounds taking turns, ${connections} connections, ${workers} engine workers, 127.0.0.1)\n`);
  log('Each signing stores three objects (signed file, .c2pa, thumbnail). s3rver runs in its own process on loopback, so the S3 figure pays the protocol, not a network; the server CPU column is the gateway process only.\n');
  const rows: (string | number)[][] = [];
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  for (const asset of assets) {
    for (const store of stores) {
      const runs = results.get(`${asset.name}|${store.label}`) ?? [];
      const counts = new Map<string, number>();
      for (const run of runs) for (const [status, count] of Object.entries(run.statuses)) counts.set(status, (counts.get(status) ?? 0) + count);
      const errors = runs.reduce((sum, run) => sum + run.errors, 0);
      const statuses = [...[...counts].map(([status, count]) => `${count} × ${status}`), ...(errors ? [`${errors} errors`] : [])].join(', ');
      rows.push([asset.name, store.label, runs.map((run) => run.requestsPerSecond.toFixed(1)).join(' / '), mean(runs.map((run) => run.requestsPerSecond)).toFixed(1), ms(mean(runs.map((run) => run.p50))), ms(mean(runs.map((run) => run.p99))), mean(runs.map((run) => run.serverCpu)).toFixed(2), statuses]);
    }
  }
  log(table(['asset', 'store', 'signings/s per round', 'signings/s mean', 'p50', 'p99', 'server CPU (cores)', 'responses'], rows));
  const ratios = assets.map((asset) => {
    const [local, s3Runs] = stores.map((store) => mean((results.get(`${asset.name}|${store.label}`) ?? []).map((run) => run.requestsPerSecond)));
    return local ? `${asset.name}: S3 at ${((s3Runs! / local) * 100).toFixed(0)}% of the local store's throughput` : `${asset.name}: no signing completed with the local store`;
  });
  log(`\n${ratios.join('; ')}.`);
}
