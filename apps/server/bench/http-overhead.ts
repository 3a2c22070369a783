/**
 * The HTTP overhead of a verification by upload, measured against the same engine work the server
 * does for that request: the server's own gateway engine (its worker pool, its trust, cache off)
 * called in the server's process with the same bytes, and the verification service above it
 * (services.verifier, as the route calls it). The requests and the direct calls take turns round
 * by round, so the load of this shared machine falls on all of them alike.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { multipart, type HttpBenchAsset, type RunningServer } from './http-bench.ts';
import type { RequestAnswer, RequestCommand } from './request-runner.ts';

/** A task's medians over the measured rounds. */
export interface TurnFigure {
  /** Wall time in ms: a request's own latency as its client measured it; a direct call's duration. */
  p50: number;
  /** The server process's CPU time in ms (its event loop and its engine worker threads) over the task. */
  cpu: number;
}

export interface HttpOverhead {
  asset: string;
  rounds: number;
  /** POST /verify-content, multipart form upload. */
  form: TurnFigure;
  /** POST /verify-content, the file itself as the body: a JPEG is verified by a worker while it arrives (services/verification/arriving/). */
  fileBody: TurnFigure;
  /** The same request with that turned off (Engine.verifyArriving answering null): verified once it has arrived, as before. */
  fileBodyAfterArrival: TurnFigure;
  /** engine.verifySerialized(bytes) on the server's gateway engine: the engine's own p50, the reference. */
  engine: TurnFigure;
  /** services.verifier.verifyContent({kind: 'upload'}): the engine plus the service's own work (format, event). */
  service: TurnFigure;
  /**
   * The same file as the body to a bare node:http server in the same process that reads it and
   * answers {}: the transport's own cost on this machine, which no route code can take away.
   */
  bareHttp: TurnFigure;
}

/** The asset whose HTTP overhead is measured against the server's own engine (issue 20's 2 MB upload). */
export const OVERHEAD_ASSET = 'photo-2m.jpg';

export interface HttpOverheadRow {
  workers: number;
  overhead: HttpOverhead;
}

type Task = () => Promise<{ latency?: number }>;

/** Sends requests one at a time from a child process (request-runner.ts). */
function startRequester(): { request(command: RequestCommand): Promise<RequestAnswer>; stop(): void } {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'request-runner.ts'), [], { execArgv: ['--import', tsx], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return {
    request: (command) =>
      new Promise((resolve, reject) => {
        child.once('message', (answer) => {
          const result = answer as RequestAnswer & { error?: string };
          if (result.error || result.status < 200 || result.status >= 300) reject(new Error(`HTTP bench request failed: ${result.error ?? `status ${result.status}`}`));
          else resolve(result);
        });
        child.send(command);
      }),
    stop: () => child.disconnect(),
  };
}

/**
 * Measures `rounds` rounds (after `warmup` unmeasured ones) in which each of the four tasks runs
 * once; the order turns each round so that none always follows the same one.
 */
export async function measureHttpOverhead(server: RunningServer, asset: HttpBenchAsset, options: { rounds: number; warmup?: number }): Promise<HttpOverhead> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pg-overhead-'));
  const form = multipart({ file: { value: asset.bytes, fileName: asset.name } });
  const formFile = path.join(folder, 'form.bin');
  const bodyFile = path.join(folder, 'body.bin');
  writeFileSync(formFile, form.body);
  writeFileSync(bodyFile, asset.bytes);
  const url = `${server.url}/api/v1/verify-content`;
  const sha256 = createHash('sha256').update(asset.bytes).digest('hex');
  const requester = startRequester();
  const bare = http.createServer((request, response) => {
    request.on('data', () => undefined);
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((listening) => bare.listen(0, '127.0.0.1', () => listening()));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const tasks: Record<keyof Omit<HttpOverhead, 'asset' | 'rounds'>, Task> = {
    form: () => requester.request({ url, bodyFile: formFile, headers: { 'content-type': form.contentType } }),
    fileBody: () => requester.request({ url, bodyFile, headers: { 'content-type': asset.mime } }),
    fileBodyAfterArrival: async () => {
      const { verifyArriving } = server.engine;
      server.engine.verifyArriving = () => null;
      try {
        return await requester.request({ url, bodyFile, headers: { 'content-type': asset.mime } });
      } finally {
        server.engine.verifyArriving = verifyArriving;
      }
    },
    // What the route's service asks of the engine for an in-memory upload, cache off.
    engine: () => server.engine.verify(asset.bytes, asset.mime, { thumbnails: false, answer: 'serialized' }).then(() => ({})),
    // What the route calls once the upload is read (the reader has hashed it as it streamed).
    bareHttp: () => requester.request({ url: bareUrl, bodyFile, headers: { 'content-type': asset.mime } }),
    service: () => server.services.verifier.verifyContent({ kind: 'upload', bytes: asset.bytes, sha256, fileName: asset.name }, { thumbnails: false, referrer: null }).then(() => ({})),
  };
  const names = Object.keys(tasks) as (keyof typeof tasks)[];
  const wall = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<keyof typeof tasks, number[]>;
  const cpu = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<keyof typeof tasks, number[]>;
  const warmup = options.warmup ?? 5;
  try {
    for (let round = 0; round < warmup + options.rounds; round += 1) {
      for (let turn = 0; turn < names.length; turn += 1) {
        const name = names[(round + turn) % names.length]!;
        const started = performance.now();
        const cpuStarted = process.cpuUsage();
        const { latency } = await tasks[name]();
        const used = process.cpuUsage(cpuStarted);
        const elapsed = performance.now() - started;
        if (round < warmup) continue;
        wall[name].push(latency ?? elapsed);
        cpu[name].push((used.user + used.system) / 1000);
      }
    }
  } finally {
    requester.stop();
    bare.closeAllConnections();
    await new Promise<void>((closed) => bare.close(() => closed()));
    rmSync(folder, { recursive: true, force: true });
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const figure = (name: keyof typeof tasks): TurnFigure => ({ p50: median(wall[name]), cpu: median(cpu[name]) });
  return { asset: asset.name, rounds: options.rounds, form: figure('form'), fileBody: figure('fileBody'), fileBodyAfterArrival: figure('fileBodyAfterArrival'), engine: figure('engine'), service: figure('service'), bareHttp: figure('bareHttp') };
}
