import crypto from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createKeyVault, loadKeyEncryptionKey, openKeyVault } from './key-vault.ts';

describe('key vault (signing keys sealed under the key-encryption key)', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => database?.close());

  it('seals each key under its own data key and opens it again; the sealed form holds no plaintext', () => {
    const vault = createKeyVault(crypto.randomBytes(32));
    const pem = '-----BEGIN PRIVATE KEY-----\nMIGHAgEAMBMG\n-----END PRIVATE KEY-----\n';
    const [a, b] = [vault.seal(pem), vault.seal(pem)];
    expect(a).not.toBe(b);
    expect(a).not.toContain('PRIVATE KEY');
    expect(vault.open(a)).toBe(pem);
    expect(() => createKeyVault(crypto.randomBytes(32)).open(a)).toThrow();
  });

  it('generates the key-encryption key under DATA_DIR with 0600 when KEY_ENCRYPTION_KEY is unset, and keeps it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-kek-'));
    const first = await loadKeyEncryptionKey({ configured: undefined, dataDir });
    expect(first.generated).toBe(true);
    expect(statSync(path.join(dataDir, 'key-encryption-key')).mode & 0o777).toBe(0o600);
    const again = await loadKeyEncryptionKey({ configured: undefined, dataDir });
    expect(again).toEqual({ key: first.key, generated: false });
    await expect(loadKeyEncryptionKey({ configured: Buffer.alloc(16).toString('base64'), dataDir })).rejects.toThrow(/32 bytes/);
  });

  it('must be configured over a shared database (DATABASE_URL): never generated per copy', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-kek-shared-'));
    await expect(loadKeyEncryptionKey({ configured: undefined, dataDir, requireConfigured: true })).rejects.toThrow(/KEY_ENCRYPTION_KEY must be set when DATABASE_URL is.*openssl rand -base64 32/);
    // A copy that generated one before is told where it is.
    await loadKeyEncryptionKey({ configured: undefined, dataDir });
    await expect(loadKeyEncryptionKey({ configured: undefined, dataDir, requireConfigured: true })).rejects.toThrow(/This copy's key is in .*key-encryption-key/);
    const configured = crypto.randomBytes(32);
    expect(await loadKeyEncryptionKey({ configured: configured.toString('base64'), dataDir, requireConfigured: true })).toEqual({ key: configured, generated: false });
  });

  it('stops at start with a clear error when the key is not the one the stored keys were sealed with, never re-keying', async () => {
    const key = crypto.randomBytes(32);
    const vault = await openKeyVault(database.db, key);
    const sealed = vault.seal('a signing key');
    // The same key opens the database again.
    expect((await openKeyVault(database.db, key)).open(sealed)).toBe('a signing key');
    // A wrong key, and a missing one (a new key generated under an emptied DATA_DIR), are refused.
    const wrong = openKeyVault(database.db, crypto.randomBytes(32));
    await expect(wrong).rejects.toThrow(/does not decrypt the signing keys stored in this database.*Nothing was re-keyed/);
    const regenerated = await loadKeyEncryptionKey({ configured: undefined, dataDir: mkdtempSync(path.join(tmpdir(), 'pg-kek-lost-')) });
    await expect(openKeyVault(database.db, regenerated.key)).rejects.toThrow(/KEY_ENCRYPTION_KEY/);
    // And the check value is unchanged: the right key still opens.
    expect((await openKeyVault(database.db, key)).open(sealed)).toBe('a signing key');
  });
});
