// Creates a new PGlite data folder (PostgreSQL's initdb) on a worker thread that then exits. PGlite
// runs initdb in the process that opens the folder, and it leaves that process several hundred MB it
// never gives back: initdb copies PostgreSQL's whole WebAssembly heap to restore it between its steps
// (garbage freed only by a full GC) and grows the heap the server then keeps. Measured here: opening
// a new folder in the server's thread peaks at about 800 MB of RSS and sits at 414 MB even after a
// full GC; opening a folder already made, 260 MB. A worker's memory is all returned when it ends.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** The worker's code, evaluated as CommonJS: it imports PGlite from the URL the server resolved. */
const INITDB_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.pgliteUrl).then(async ({ PGlite }) => {
  const db = new PGlite(workerData.dataDir, workerData.options);
  await db.waitReady;
  await db.close();
  parentPort.postMessage('ready');
});
`;

/** Whether `dataDir` holds a PostgreSQL data folder already (PG_VERSION is written by initdb). */
export function hasPgliteData(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Makes the data folder at `dataDir` on a worker thread when it has none, so the caller's PGlite
 * opens a folder already made. Options are PGlite's (`postgresqlconf`...), as the caller opens it.
 */
export async function initialisePgliteData(dataDir: string, options: { postgresqlconf: string[] }): Promise<void> {
  if (hasPgliteData(dataDir)) return;
  const worker = new Worker(INITDB_WORKER, { eval: true, workerData: { pgliteUrl: import.meta.resolve('@electric-sql/pglite'), dataDir, options } });
  try {
    await new Promise<void>((ready, failed) => {
      worker.once('message', () => ready());
      worker.once('error', failed);
      worker.once('exit', (code) => failed(new Error(`PGlite's initdb worker stopped (exit code ${code}) before making ${dataDir}`)));
    });
  } finally {
    await worker.terminate();
  }
}
