/**
 * Asset store bench (issue 19): POST /sign-content throughput of the same JPEGs with the local
 * directory store and with the S3 store on s3rver (its own process, 127.0.0.1), in the same run,
 * the two taking turns so that the shared machine's drift falls on both. Each signing writes the
 * signed file, the .c2pa manifest store and the thumbnail to the store.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { makeSizedImage } from '../../../packages/engine/bench/engine-bench.ts';
import { ms, table, time } from '../../../packages/engine/bench/measure.ts';
import type { AssetStore } from '../src/services/assets/asset-store.ts';
import { createFileAssetStore } from '../src/services/assets/file-asset-store.ts';
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
  const storeOnly: (string | number)[][] = [];
  try {
    // The stores alone, without the engine: what a signing's three writes and a download's read cost.
    for (const store of stores) {
      const opened = await store.open();
      const target: AssetStore = opened?.store ?? createFileAssetStore(mkdtempSync(path.join(tmpdir(), 'pg-store-bench-files-')));
      for (const asset of assets) {
        const manifest = randomBytes(24 * 1024);
        const thumbnail = randomBytes(12 * 1024);
        let last = '';
        const writes = await time(30, async () => {
          last = randomUUID();
          await target.put(last, 'signed', asset.bytes);
          await target.put(last, 'manifest.c2pa', manifest);
          await target.put(last, 'thumbnail.jpg', thumbnail);
        });
        const reads = await time(30, async () => {
          const read = await target.open(last, 'signed');
          if (read?.kind !== 'whole' || !read.body) throw new Error('stored file missing');
          for await (const chunk of read.body) void chunk;
        });
        storeOnly.push([asset.name, store.label, ms(writes.p50), ms(writes.p99), ms(reads.p50), ms(reads.p99)]);
      }
      opened?.close();
    }

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
  log(`Store alone (30 runs each, in process): the three writes of one signing (the file, a 24 kB .c2pa, a 12 kB thumbnail) and one streamed read of the file.\n`);
  log(table(['asset', 'store', 'writes p50', 'writes p99', 'read p50', 'read p99'], storeOnly));
  log('');
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
