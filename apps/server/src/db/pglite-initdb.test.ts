import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './create-db.ts';
import { hasPgliteData, initialisePgliteData } from './pglite-initdb.ts';

describe('PGlite data folder made in a child process', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'pglite-initdb-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('makes a new folder once, and the server opens it, migrates and keeps its rows across a restart', async () => {
    const dataDir = path.join(root, 'db');
    const first = await createDb({ kind: 'pglite', dataDir });
    expect(hasPgliteData(dataDir)).toBe(true);
    await first.sql.executeSql('create table kept (value text)');
    await first.sql.executeSql('insert into kept values ($1)', ['still here']);
    await first.close();
    // A folder already made is left as it is (no second initdb).
    await initialisePgliteData(dataDir, { postgresqlconf: [] });
    const second = await createDb({ kind: 'pglite', dataDir });
    expect((await second.sql.executeSql('select value from kept')).rows).toEqual([{ value: 'still here' }]);
    await second.close();
  }, 120_000);
});
