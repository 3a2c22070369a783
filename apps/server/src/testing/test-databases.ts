// Databases the server's tests run against: always an in-memory PGlite, and PostgreSQL as well when
// TEST_DATABASE_URL is set (scripts/ci/postgres.sh sets it). Each test file gets its own fresh
// database, so files running in parallel never see each other's rows.
import crypto from 'node:crypto';
import pg from 'pg';
import { createDb, type DbHandle } from '../db/create-db.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, empty PostgreSQL database on TEST_DATABASE_URL's server: its URL (for server processes too) and how to drop it. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `pg_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      try {
        // pg's Pool.end() resolves before its connections have closed; terminating them (force)
        // while they close makes their client emit an error nobody listens to any more.
        for (let waited = 0; waited < 5_000; waited += 50) {
          const { rows } = await cleanup.query<{ sessions: number }>('select count(*)::int as sessions from pg_stat_activity where datname = $1', [name]);
          if ((rows[0]?.sessions ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export async function openTestDatabase(kind: TestDatabaseKind): Promise<DbHandle> {
  if (kind === 'pglite') return createDb({ kind: 'pglite' });
  const database = await createPostgresTestDatabase();
  const handle = await createDb({ kind: 'postgres', url: database.url });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
