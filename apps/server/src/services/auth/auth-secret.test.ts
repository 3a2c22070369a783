import crypto from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { gatewaySecrets } from '../../db/schema/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createKeyVault } from '../signing-identities/key-vault.ts';
import { loadAuthSecret } from './auth-secret.ts';

// One session secret for every server copy: kept sealed in the database unless AUTH_SECRET is given.
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pg-auth-secret-'));

describe.each(testDatabaseKinds())('the session secret (%s)', (kind) => {
  let database: DbHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('is the same on every copy, sealed in the database, an existing DATA_DIR/auth-secret kept', async () => {
    database = await openTestDatabase(kind);
    const vault = createKeyVault(crypto.randomBytes(32));
    const upgraded = dataDir();
    const before = crypto.randomBytes(32).toString('base64url');
    writeFileSync(path.join(upgraded, 'auth-secret'), `${before}\n`);
    // Sessions made before the upgrade stay valid: the installation's secret is the one stored.
    expect(await loadAuthSecret({ configured: undefined, dataDir: upgraded, db: database.db, vault })).toBe(before);
    const other = dataDir();
    expect(await loadAuthSecret({ configured: undefined, dataDir: other, db: database.db, vault })).toBe(before);
    expect(readFileSync(path.join(other, 'auth-secret'), 'utf8').trim()).toBe(before);
    expect(statSync(path.join(other, 'auth-secret')).mode & 0o077).toBe(0);
    const [row] = await database.db.select().from(gatewaySecrets);
    expect(row?.sealed).not.toContain(before);
    // AUTH_SECRET, when configured, is used as it is.
    const configured = 'c'.repeat(40);
    expect(await loadAuthSecret({ configured, dataDir: dataDir(), db: database.db, vault })).toBe(configured);
  });

  it('is made once when two copies start together on an empty database', async () => {
    database = await openTestDatabase(kind);
    const vault = createKeyVault(crypto.randomBytes(32));
    const secrets = await Promise.all([dataDir(), dataDir(), dataDir()].map((dir) => loadAuthSecret({ configured: undefined, dataDir: dir, db: database!.db, vault })));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
  });
});
