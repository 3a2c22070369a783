/**
 * HTTP benchmark: POST /verify-content by upload under autocannon, with 1 and with 2 engine
 * workers, cold (cache off) and cached, and POST /sign-content throughput; raw c2pa-wasm on the
 * same files in the same run for comparison. Everything listens on 127.0.0.1 only.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../src/app.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../src/testing/sign-up-mail.ts';
import { nameTestOrganizationAt } from '../src/testing/test-organization.ts';
import { createDb } from '../src/db/create-db.ts';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { createLogger } from '../src/logging/logger.ts';
import { createFileAssetStore, type AssetStore } from '../src/services/assets/asset-store.ts';
import { createEngine, type Engine } from '../src/services/engine/engine.ts';
import { createTaskQueue } from '../src/queue/task-queue.ts';
import { createServices, type Services } from '../src/services/create-services.ts';
import { publicLinks } from '../src/http/asset-links.ts';

export interface HttpBenchAsset {
  name: string;
  bytes: Uint8Array;
  mime: string;
}

export interface RunningServer {
  url: string;
  /** The server's own engine and services, for timing the work of a request without HTTP. */
  engine: Engine;
  services: Services;
  signUp(): Promise<string>;
  sign(asset: HttpBenchAsset, token: string): Promise<Uint8Array>;
  stop(): Promise<void>;
}

/** A gateway on 127.0.0.1 in this process; its asset store is files in a temporary folder unless `store` is given. */
export async function startServer(options: { workers: number; cache: boolean; trustAnchorFiles: string[]; store?: AssetStore }): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-http-bench-'));
  // The database in a folder under the data directory, as a deployed server keeps it (DATA_DIR), not
  // in memory: in memory, PGlite's initdb runs in this process and its memory would count as the server's.
  const database = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const logger = createLogger({ level: 'silent' });
  const authSecret = 'bench-secret-bench-secret-bench-secret-0123';
  const publicUrl = 'http://127.0.0.1';
  const config = { publicUrl, maxAssetBytes: 64 * 1024 * 1024, maxJsonBytes: 1024 * 1024, corsOrigins: [], trustProxy: false, demoPassword: 'demo-pass', demoEmailDomain: 'demo.local' };
  const engine = await createEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: options.trustAnchorFiles, workers: options.workers, maxQueue: 256 });
  const services = createServices({
    links: publicLinks(publicUrl),
    db: database.db,
    queue: createTaskQueue({ sql: database.sql, logger }),
    logger,
    authSecret,
    publicUrl,
    demoPassword: config.demoPassword,
    demoEmailDomain: config.demoEmailDomain,
    engine,
    sizes: { maxAssetBytes: config.maxAssetBytes },
    fetcher: createSafeFetcher({ allowHosts: [], maxBytes: config.maxAssetBytes, timeoutMs: 10_000 }),
    store: options.store ?? createFileAssetStore(path.join(dataDir, 'assets')),
    verifyCacheEntries: options.cache ? 5_000 : 0,
  });
  const app = createApp({ config, logger, services });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((listening) => server.once('listening', () => listening()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    engine,
    services,
    async signUp() {
      const token = (await signUpOverHttp(`${url}/api/v1`, `bench-${Date.now()}-${Math.random()}@example.com`, 'secret-123', (email) => signUpTokenFromOutbox(services.accountMail, email))).access_token;
      // A fresh account cannot sign until it names the organisation it signs under (409 organization_required).
      await nameTestOrganizationAt(`${url}/api/v1`, token);
      return token;
    },
    async sign(asset, token) {
      const form = new FormData();
      form.append('file', new Blob([asset.bytes]), asset.name);
      form.append('metadata', JSON.stringify({ creator: 'Bench' }));
      const response = await fetch(`${url}/api/v1/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      // Never bench an error's body as if it were the signed file.
      if (!response.ok) throw new Error(`signing ${asset.name} failed: ${response.status} ${(await response.text()).slice(0, 300)}`);
      const signed = (await response.json()) as { assetId: string };
      const download = await fetch(`${url}/api/v1/assets/${signed.assetId}`);
      if (download.status !== 200) throw new Error(`reading the signed ${asset.name} failed: ${download.status}`);
      return new Uint8Array(await download.arrayBuffer());
    },
    async stop() {
      await new Promise<void>((closed) => server.close(() => closed()));
      await engine.close();
      await services.flush();
      await database.close();
    },
  };
}

export function multipart(fields: Record<string, { value: Uint8Array | string; fileName?: string }>): { body: Buffer; contentType: string } {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const disposition = `form-data; name="${name}"${field.fileName ? `; filename="${field.fileName}"` : ''}`;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${field.fileName ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n`));
    parts.push(typeof field.value === 'string' ? Buffer.from(field.value) : Buffer.from(field.value));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Latencies in ms, fractional (not autocannon's whole-ms histogram). */
  p50: number;
  p99: number;
  /** CPU the load generator used, in cores (1 = one core busy all the run). */
  generatorCpu: number;
  /** CPU the server's process used (its event loop and its engine worker threads), in cores. */
  serverCpu: number;
  errors: number;
  non2xx: number;
  /** Responses by HTTP status, so a run of errors is never mistaken for a fast run. */
  statuses: Record<string, number>;
}

/**
 * autocannon runs in its own process, so the load generator never competes with the server for
 * the event loop it is measuring.
 */
export async function load(url: string, body: { body: Buffer; contentType: string }, options: { connections: number; seconds: number; token?: string }): Promise<LoadResult> {
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'pg-load-')), 'body.bin');
  writeFileSync(bodyFile, body.body);
  const headers = { 'content-type': body.contentType, ...(options.token && { authorization: `Bearer ${options.token}` }) };
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const args = [tsx, path.join(import.meta.dirname, 'load-runner.ts'), url, bodyFile, JSON.stringify(headers), String(options.connections), String(options.seconds)];
  // The server runs in this process (engine workers are its threads): its CPU is this process's.
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const output = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const serverCpu = (cpu.user + cpu.system) / 1000 / (performance.now() - started);
  const result = JSON.parse(output) as { requests: { average: number }; latency: { p50: number; p99: number }; generatorCpu: number; errors: number; non2xx: number; statuses: Record<string, number> };
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    generatorCpu: result.generatorCpu,
    serverCpu,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses: result.statuses,
  };
}

export interface HttpBenchRow {
  label: string;
  workers: number;
  result: LoadResult;
}


/** Runs the HTTP benchmark over the given unsigned assets (each is signed by the gateway first). */
export async function runHttpBench(
  assets: HttpBenchAsset[],
  options: {
    trustAnchorFiles: string[];
    seconds: number;
    /** Called with each cold (cache off) server after its loads, its assets signed: the HTTP overhead is measured there (http-overhead.ts). */
    onColdServer?: (server: RunningServer, signedAssets: HttpBenchAsset[], workers: number) => Promise<void>;
  },
): Promise<{ rows: HttpBenchRow[]; signedAssets: HttpBenchAsset[] }> {
  const rows: HttpBenchRow[] = [];
  let signedAssets: HttpBenchAsset[] = [];
  for (const workers of [1, 2]) {
    for (const cache of [false, true]) {
      const server = await startServer({ workers, cache, trustAnchorFiles: options.trustAnchorFiles });
      try {
        const token = await server.signUp();
        signedAssets = [];
        for (const asset of assets) signedAssets.push({ ...asset, bytes: await server.sign(asset, token) });
        for (const asset of signedAssets) {
          const body = multipart({ file: { value: asset.bytes, fileName: asset.name } });
          const label = `verify ${asset.name} (${cache ? 'cached' : 'cold'})`;
          // Steady state: a second of the same load first, not measured, so JIT warm-up and the first
          // (trust-checked) read of a new signer chain do not count as the server's speed.
          await load(`${server.url}/api/v1/verify-content`, body, { connections: 1, seconds: 1 });
          // Latency with one request at a time (no queueing), then throughput with the workers kept busy.
          rows.push({ label: `${label}, 1 connection`, workers, result: await load(`${server.url}/api/v1/verify-content`, body, { connections: 1, seconds: options.seconds }) });
          rows.push({ label: `${label}, ${workers * 4} connections`, workers, result: await load(`${server.url}/api/v1/verify-content`, body, { connections: workers * 4, seconds: options.seconds }) });
          if (!cache) {
            // The file itself as the body (a CDN worker's call): no multipart to parse.
            const fileBody = { body: Buffer.from(asset.bytes), contentType: asset.mime };
            rows.push({ label: `verify ${asset.name} (cold, file as body), 1 connection`, workers, result: await load(`${server.url}/api/v1/verify-content`, fileBody, { connections: 1, seconds: options.seconds }) });
          }
        }
        if (!cache) await options.onColdServer?.(server, signedAssets, workers);
        if (!cache) {
          const small = assets[0]!;
          const body = multipart({ file: { value: small.bytes, fileName: small.name }, metadata: { value: JSON.stringify({ creator: 'Bench', aiAssisted: true }) } });
          rows.push({ label: `sign ${small.name}`, workers, result: await load(`${server.url}/api/v1/sign-content`, body, { connections: workers * 2, seconds: options.seconds, token }) });
        }
      } finally {
        await server.stop();
      }
    }
  }
  return { rows, signedAssets };
}

export function readPem(file: string): string {
  return readFileSync(file, 'utf8');
}
