// Creates a new PGlite data folder (PostgreSQL's initdb) in a short-lived child process. PGlite runs
// initdb in the process that opens the folder, and it leaves that process several hundred MB it
// never gives back: initdb copies PostgreSQL's whole WebAssembly heap to restore it between its steps
// (garbage freed only by a full GC) and grows the heap the server then keeps. Measured here: opening
// a new folder in the server's thread peaks at about 800 MB of RSS and sits at 414 MB even after a
// full GC; opening a folder already made, 260 MB. A worker thread's memory stays partly with the
// process (420 MB after, and its peak is the server's); a child process's is returned when it exits.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The child's code (an ES module): it imports PGlite from the URL the server resolved. */
const INITDB_CHILD = `
const [pgliteUrl, dataDir, options] = process.argv.slice(1);
const { PGlite } = await import(pgliteUrl);
const db = new PGlite(dataDir, JSON.parse(options));
await db.waitReady;
await db.close();
`;

/** Whether `dataDir` holds a PostgreSQL data folder already (PG_VERSION is written by initdb). */
export function hasPgliteData(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Makes the data folder at `dataDir` in a child process when it has none, so the caller's PGlite
 * opens a folder already made. Options are PGlite's (`postgresqlconf`...), as the caller opens it.
 */
export async function initialisePgliteData(dataDir: string, options: { postgresqlconf: string[] }): Promise<void> {
  if (hasPgliteData(dataDir)) return;
  const args = ['--input-type=module', '--eval', INITDB_CHILD, import.meta.resolve('@electric-sql/pglite'), dataDir, JSON.stringify(options)];
  await new Promise<void>((made, failed) =>
    execFile(process.execPath, args, { maxBuffer: 4 * 1024 * 1024 }, (error, _stdout, stderr) =>
      error ? failed(new Error(`PGlite's initdb for ${dataDir} failed: ${stderr.trim() || error.message}`)) : made(),
    ),
  );
  if (!hasPgliteData(dataDir)) throw new Error(`PGlite's initdb left no data folder in ${dataDir}`);
}
