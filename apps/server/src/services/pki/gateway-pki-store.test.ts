import crypto from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localPki, ensureLocalPki } from '@provenance/engine';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { gatewayPki } from '../../db/schema/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createKeyVault } from '../signing-identities/key-vault.ts';
import { syncGatewayPki } from './gateway-pki-store.ts';

// The gateway's signing PKI is kept in the database, so every server copy (each with its own
// DATA_DIR) signs under one root: the first start stores it, later ones write it to their folder.
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'pg-shared-pki-'));
const rootIn = (pkiDir: string) => readFileSync(path.join(pkiDir, localPki.files.rootCertificate), 'utf8');

describe.each(testDatabaseKinds())('the shared gateway PKI (%s)', (kind) => {
  let database: DbHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('is made once, sealed in the database, and written to each copy’s DATA_DIR/pki', async () => {
    database = await openTestDatabase(kind);
    const vault = createKeyVault(crypto.randomBytes(32));
    const [a, b] = [path.join(dataDir(), 'pki'), path.join(dataDir(), 'pki')];
    // Two copies starting together agree on one PKI.
    const [first, second] = await Promise.all([syncGatewayPki({ db: database.db, vault, pkiDir: a }), syncGatewayPki({ db: database.db, vault, pkiDir: b })]);
    expect([first.source, second.source].sort()).toEqual(['created', 'database']);
    expect(rootIn(a)).toBe(rootIn(b));
    expect(rootIn(a)).toBe(first.rootCertificatePem);
    for (const name of Object.values(localPki.files)) expect(readFileSync(path.join(a, name), 'utf8')).toBe(readFileSync(path.join(b, name), 'utf8'));
    expect(statSync(path.join(b, localPki.files.intermediateKey)).mode & 0o077).toBe(0);
    // The keys are stored sealed, never in the clear.
    const rows = await database.db.select().from(gatewayPki);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('PRIVATE KEY');
    // A later start of a copy finds its folder as it is.
    expect(await syncGatewayPki({ db: database.db, vault, pkiDir: a })).toMatchObject({ source: 'database', setAside: null });
  });

  it('moves an existing DATA_DIR/pki in with the same root, and sets aside a copy’s own other PKI', async () => {
    database = await openTestDatabase(kind);
    const vault = createKeyVault(crypto.randomBytes(32));
    const existing = path.join(dataDir(), 'pki');
    const { pki } = await ensureLocalPki(existing);
    expect(await syncGatewayPki({ db: database.db, vault, pkiDir: existing })).toMatchObject({ source: 'migrated', setAside: null, rootCertificatePem: pki.rootCertificatePem });
    expect(rootIn(existing)).toBe(pki.rootCertificatePem);

    const other = path.join(dataDir(), 'pki');
    const { pki: otherPki } = await ensureLocalPki(other);
    const synced = await syncGatewayPki({ db: database.db, vault, pkiDir: other });
    expect(synced.source).toBe('database');
    expect(rootIn(other)).toBe(pki.rootCertificatePem);
    expect(synced.setAside).not.toBeNull();
    expect(rootIn(synced.setAside!)).toBe(otherPki.rootCertificatePem);
  });
  it('refuses to move half a PKI in, and replaces half a PKI once the database holds one', async () => {
    database = await openTestDatabase(kind);
    const vault = createKeyVault(crypto.randomBytes(32));
    const half = path.join(dataDir(), 'pki');
    await ensureLocalPki(half);
    rmSync(path.join(half, localPki.files.intermediateKey));
    await expect(syncGatewayPki({ db: database.db, vault, pkiDir: half })).rejects.toThrow(/incomplete.*intermediate-ca\.key\.pem/);
    expect(await database.db.select().from(gatewayPki)).toHaveLength(0);

    const stored = await syncGatewayPki({ db: database.db, vault, pkiDir: path.join(dataDir(), 'pki') });
    const replaced = await syncGatewayPki({ db: database.db, vault, pkiDir: half });
    expect(replaced.setAside).not.toBeNull();
    expect(rootIn(half)).toBe(stored.rootCertificatePem);
    expect(readFileSync(path.join(half, localPki.files.intermediateKey), 'utf8')).toContain('PRIVATE KEY');
  });
});
