// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL through `pg` when a URL
// is given. Either way the versioned migrations in apps/server/drizzle run before the handle is returned.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { initialisePgliteData } from './pglite-initdb.ts';

export type DbSchema = typeof schema;
/** The Drizzle handle every database-access module takes; the same API over PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, DbSchema>;

export type DbTarget =
  | { kind: 'pglite'; /** Directory for the data files; omitted means in memory (tests). */ dataDir?: string }
  | { kind: 'postgres'; url: string };

/**
 * Raw SQL on the same connection(s) as `db`, in the shape pg-boss takes (its `db` option), so the
 * queue runs on the embedded PGlite as on PostgreSQL. A text without values may hold several
 * statements; the last one's rows are returned.
 */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface DbHandle {
  db: Db;
  kind: DbTarget['kind'];
  sql: SqlExecutor;
  close: () => Promise<void>;
}

/** The server package's root: the nearest folder with a package.json, from src/db or from the build in dist/. */
function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const MIGRATIONS_FOLDER = path.join(packageRoot(import.meta.dirname), 'drizzle');

/** Any constant of our own: the advisory lock that lets one server copy at a time migrate. */
const MIGRATION_LOCK_KEY = 7_305_451_219;

/**
 * Runs the migrations holding a session advisory lock, so copies starting together migrate one after
 * the other: drizzle's migrator reads the last applied migration before its transaction, and two
 * copies racing would both apply the same one (the second failing on tables that exist).
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    lock.release();
  }
}

export async function createDb(target: DbTarget): Promise<DbHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const db = drizzlePg(pool, { schema });
    try {
      await migrateOnce(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, kind: 'postgres', sql: { executeSql: (text, values) => pool.query(text, values) }, close: () => pool.end() };
  }
  if (target.dataDir) await fs.mkdir(target.dataDir, { recursive: true });
  // PostgreSQL's 128 MB of shared buffers is sized for a server of its own; embedded, it is memory
  // the process holds from the start (measured: the WebAssembly heap 198 MB with it, 134 MB with 16 MB).
  // PGlite is one backend in single-user mode, yet the shared memory for locks and backends is sized
  // for max_connections (100 by default): 4 is room enough.
  const options = { postgresqlconf: ['shared_buffers=16MB', 'max_connections=4'] };
  // A new folder is made in a child process (pglite-initdb.ts): initdb in this process would leave
  // it hundreds of MB it never returns.
  if (target.dataDir) await initialisePgliteData(target.dataDir, options);
  const client = target.dataDir ? new PGlite(target.dataDir, options) : new PGlite(options);
  const db = drizzlePglite(client, { schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  const sql: SqlExecutor = {
    async executeSql(text, values) {
      // PGlite's query() takes one statement with parameters; exec() runs a script without them.
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        // A script that opened a transaction and failed would leave the one connection in an
        // aborted transaction, refusing every later statement; PostgreSQL's pool drops such a connection.
        if (/^\s*begin\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
  };
  return { db, kind: 'pglite', sql, close: () => client.close() };
}
