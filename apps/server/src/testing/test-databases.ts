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

export async function openTestDatabase(kind: TestDatabaseKind): Promise<DbHandle> {
  if (kind === 'pglite') return createDb({ kind: 'pglite' });
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
  const handle = await createDb({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
