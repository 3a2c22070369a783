/**
 * Fair share under a flood: client A floods POST /verify-content with 200 connections (autocannon,
 * in its own process) while client B sends one verification at a time, for 10 s, against a server
 * with the per-client limits off and then with the product's defaults. The two clients are told
 * apart by X-Forwarded-For (the server trusts the proxy header here); verification is uncached, so
 * every request costs the engine. Prints B's success rate, goodput and latency, and A's statuses.
 * Everything listens on 127.0.0.1 only. Run: npx tsx apps/server/bench/flood.ts [seconds]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { makeImage } from '@provenance/engine/testing';
import { createApp } from '../src/app.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../src/testing/sign-up-mail.ts';
import { createDb } from '../src/db/create-db.ts';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { createLogger } from '../src/logging/logger.ts';
import { createFileAssetStore } from '../src/services/assets/asset-store.ts';
import { createTaskQueue } from '../src/queue/task-queue.ts';
import { createServices } from '../src/services/create-services.ts';
import { createEngine } from '../src/services/engine/engine.ts';
import { DEFAULT_PUBLIC_LIMITS, type PublicLimitRules } from '../src/services/rate-limits/public-limits.ts';
import { publicLinks } from '../src/http/asset-links.ts';

const SECONDS = Number(process.argv[2] ?? 10);
const FLOOD_CONNECTIONS = 200;

/** Limits nobody reaches: the server as it was before per-client limits. */
const NO_LIMITS: PublicLimitRules = {
  verify: { concurrent: 1_000_000 },
  statusImage: { concurrent: 1_000_000 },
  track: { concurrent: 1_000_000 },
  support: { concurrent: 1_000_000 },
  sbr: { concurrent: 1_000_000 },
  ocsp: { concurrent: 1_000_000 },
  sign: { concurrent: 1_000_000 },
};

async function startServer(publicLimits: PublicLimitRules) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-flood-'));
  const database = await createDb({ kind: 'pglite' });
  const logger = createLogger({ level: 'silent' });
  const authSecret = 'flood-secret-flood-secret-flood-secret-0123';
  const publicUrl = 'http://127.0.0.1';
  const config = { publicUrl, maxAssetBytes: 64 * 1024 * 1024, maxJsonBytes: 1024 * 1024, corsOrigins: [], trustProxy: true, demoPassword: 'demo-pass', demoEmailDomain: 'demo.local' };
  // The production defaults: two workers (these machines' cores) and 64 waiting tasks.
  const engine = await createEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: [], workers: 2, maxQueue: 64 });
  const services = createServices({
    links: publicLinks(publicUrl),
    db: database.db,
    queue: createTaskQueue({ sql: database.sql, logger }),
    logger,
    authSecret,
    publicUrl,
    demoPassword: config.demoPassword,
    demoEmailDomain: config.demoEmailDomain, publicLimits,
    engine,
    sizes: { maxAssetBytes: config.maxAssetBytes },
    fetcher: createSafeFetcher({ allowHosts: [], maxBytes: config.maxAssetBytes, timeoutMs: 10_000 }),
    store: createFileAssetStore(path.join(dataDir, 'assets')),
    verifyCacheEntries: 0,
  });
  const app = createApp({ config, logger, services });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((listening) => server.once('listening', () => listening()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async signed(bytes: Uint8Array): Promise<Uint8Array> {
      const token = (await signUpOverHttp(`${url}/api/v1`, `flood-${Date.now()}@example.com`, 'secret-123', (email) => signUpTokenFromOutbox(services.accountMail, email), { 'x-forwarded-for': '192.0.2.1' })).access_token;
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'flood.jpg');
      form.append('metadata', JSON.stringify({ creator: 'Flood bench' }));
      const signed = (await (await fetch(`${url}/api/v1/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } })).json()) as { assetId: string };
      return new Uint8Array(await (await fetch(`${url}/api/v1/assets/${signed.assetId}`)).arrayBuffer());
    },
    async stop() {
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise<void>((closed) => server.close(() => closed()));
      await engine.close();
      await services.flush();
      await services.publicLimits.close();
      await database.close();
    },
  };
}

/** Client A: autocannon in its own process, so the flood does not run on the server's event loop. */
function flood(url: string, body: Uint8Array, seconds: number): Promise<{ statuses: Record<string, number>; requestsPerSecond: number }> {
  const bodyFile = path.join(mkdtempSync(path.join(tmpdir(), 'pg-flood-body-')), 'body.jpg');
  writeFileSync(bodyFile, body);
  const headers = { 'content-type': 'image/jpeg', 'x-forwarded-for': '203.0.113.1' };
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const args = [tsx, path.join(import.meta.dirname, 'load-runner.ts'), `${url}/api/v1/verify-content`, bodyFile, JSON.stringify(headers), String(FLOOD_CONNECTIONS), String(seconds)];
  return new Promise((resolve, reject) =>
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout) as { requests: { average: number }; statuses: Record<string, number> };
      resolve({ statuses: result.statuses, requestsPerSecond: result.requests.average });
    }),
  );
}

/** Client B: one verification at a time for `seconds`. */
async function sequentialClient(url: string, body: Uint8Array, seconds: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const response = await fetch(`${url}/api/v1/verify-content`, { method: 'POST', body: new Blob([body]), headers: { 'content-type': 'image/jpeg', 'x-forwarded-for': '203.0.113.2' } });
    await response.arrayBuffer();
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status === 200) latencies.push(performance.now() - started);
  }
  const total = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  latencies.sort((a, b) => a - b);
  const at = (quantile: number) => (latencies.length === 0 ? NaN : latencies[Math.min(latencies.length - 1, Math.floor(quantile * latencies.length))]!);
  return { total, ok: latencies.length, successRate: latencies.length / Math.max(1, total), goodput: latencies.length / seconds, p50: at(0.5), p99: at(0.99), statuses };
}

const image = await makeImage('jpeg', 1024, 768, 7);
const rows: Record<string, unknown>[] = [];
for (const [label, limits] of [['limits off', NO_LIMITS], ['default limits', DEFAULT_PUBLIC_LIMITS]] as const) {
  const server = await startServer(limits);
  const asset = await server.signed(image);
  const alone = await sequentialClient(server.url, asset, Math.min(5, SECONDS));
  const [a, b] = await Promise.all([flood(server.url, asset, SECONDS), sequentialClient(server.url, asset, SECONDS)]);
  await server.stop();
  rows.push({
    setup: label,
    'B alone p50 ms': alone.p50.toFixed(1),
    'B alone req/s': alone.goodput.toFixed(1),
    'B flooded success': `${(b.successRate * 100).toFixed(1)}% of ${b.total}`,
    'B flooded goodput req/s': b.goodput.toFixed(1),
    'B flooded p50 ms': b.p50.toFixed(1),
    'B flooded p99 ms': b.p99.toFixed(1),
    'B statuses': JSON.stringify(b.statuses),
    'A statuses': JSON.stringify(a.statuses),
  });
}
console.table(rows);
