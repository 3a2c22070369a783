import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../testing/test-databases.ts';
import { createDb, MIGRATIONS_FOLDER } from './create-db.ts';

// Server copies starting together on an empty PostgreSQL database each run the migrations: they
// must all start, with every migration applied once.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('migrations of copies starting together', () => {
  it('apply once while three copies start at the same time', async () => {
    const database = await createPostgresTestDatabase();
    try {
      const handles = await Promise.all([1, 2, 3].map(() => createDb({ kind: 'postgres', url: database.url })));
      await Promise.all(handles.map((handle) => handle.close()));
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ applied: number }>('select count(*)::int as applied from drizzle.__drizzle_migrations');
        expect(rows[0]?.applied).toBe(journal.entries.length);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});
