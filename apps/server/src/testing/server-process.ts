// main.ts as a real child process for tests that need one (crashes, restarts): listens on a free
// port on 127.0.0.1 with its data under the given DATA_DIR, and lets the test wait for log lines. A
// compiled main.js runs with the start script's environment and node options, as `npm start` runs it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { startScript } from './start-script.ts';

export interface LogEntry {
  msg: string;
  [field: string]: unknown;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves with the first log entry (already written or still to come) that matches. */
  waitForLog(matches: (entry: LogEntry) => boolean): Promise<LogEntry>;
  exited: Promise<number | null>;
}

const MAIN = path.join(import.meta.dirname, '../main.ts');

/**
 * `main` is the entry to run: src/main.ts through tsx by default, or a compiled main.js (then with the
 * start script's settings, and `nodeOptions` after them).
 */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}, main = MAIN, nodeOptions: string[] = []): Promise<ServerProcess> {
  const compiled = main.endsWith('.ts') ? null : startScript();
  const child = spawn(process.execPath, compiled ? [...compiled.nodeOptions, ...nodeOptions, main] : ['--import', 'tsx', ...nodeOptions, main], {
    env: { ...process.env, ...compiled?.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', TSA_URL: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entries: LogEntry[] = [];
  const output: string[] = [];
  const waiters: { matches: (entry: LogEntry) => boolean; resolve: (entry: LogEntry) => void }[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      output.push(line);
      const entry = JSON.parse(line) as LogEntry;
      entries.push(entry);
      for (const waiter of waiters.filter((candidate) => candidate.matches(entry))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  const waitForLog = (matches: (entry: LogEntry) => boolean) =>
    new Promise<LogEntry>((resolve, reject) => {
      const seen = entries.find(matches);
      if (seen) return resolve(seen);
      waiters.push({ matches, resolve });
      void exited.then((code) => reject(new Error(`server exited (${code}) before the awaited log line:\n${output.join('\n')}`)));
    });

  const listening = await waitForLog((entry) => entry.msg === 'listening');
  const baseUrl = String(listening.url).replace('localhost', '127.0.0.1');
  return { child, baseUrl, waitForLog, exited };
}
