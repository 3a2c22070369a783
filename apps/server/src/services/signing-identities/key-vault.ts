// Seals signing keys for storage (accounts' keys, the gateway PKI's keys, the session secret): an
// AES-256-GCM envelope (each under its own data key, the data key wrapped by the key-encryption key).
// The key-encryption key comes from KEY_ENCRYPTION_KEY (32 bytes, base64; required with DATABASE_URL)
// or is generated once under DATA_DIR with owner-only permissions (the embedded database's
// single-machine default). A check value sealed under it is kept in the database, so a missing or
// different key stops the server at start instead of quietly sealing new keys under another one and
// losing the old.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { keyEncryptionChecks } from '../../db/schema/index.ts';

const KEK_FILE = 'key-encryption-key';
const CHECK_ID = 'kek';
const CHECK_TEXT = 'Provenance Gateway key-encryption key check';

export interface KeyVault {
  seal(plaintext: string): string;
  /** Throws when the sealed text was not sealed under this vault's key. */
  open(sealed: string): string;
}

export class KeyEncryptionKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyEncryptionKeyError';
  }
}

function encrypt(key: Buffer, plaintext: Buffer): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

function decrypt(key: Buffer, sealed: string): Buffer {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Not a sealed value.');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** A vault over a 32-byte key-encryption key. Sealed form: v1:<wrapped data key>:<sealed text>. */
export function createKeyVault(keyEncryptionKey: Buffer): KeyVault {
  if (keyEncryptionKey.length !== 32) throw new KeyEncryptionKeyError('KEY_ENCRYPTION_KEY must be 32 bytes in base64.');
  return {
    seal(plaintext) {
      const dataKey = crypto.randomBytes(32);
      return `v1:${encrypt(keyEncryptionKey, dataKey)}:${encrypt(dataKey, Buffer.from(plaintext, 'utf8'))}`;
    },
    open(sealed) {
      const [version, wrapped, body] = sealed.split(':');
      if (version !== 'v1' || !wrapped || !body) throw new KeyEncryptionKeyError('The stored key is not in a sealed form this gateway reads.');
      return decrypt(decrypt(keyEncryptionKey, wrapped), body).toString('utf8');
    },
  };
}

/**
 * KEY_ENCRYPTION_KEY when set, else the key generated once under DATA_DIR (0600). With a shared
 * database (`requireConfigured`: DATABASE_URL) it must be configured: it cannot sit unencrypted beside
 * what it seals, and a key generated per copy would give each copy another key.
 */
export async function loadKeyEncryptionKey(options: { configured: string | undefined; dataDir: string; requireConfigured?: boolean }): Promise<{ key: Buffer; generated: boolean }> {
  if (options.configured) {
    const key = Buffer.from(options.configured, 'base64');
    if (key.length !== 32) throw new KeyEncryptionKeyError('KEY_ENCRYPTION_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`).');
    return { key, generated: false };
  }
  const file = path.join(options.dataDir, KEK_FILE);
  if (options.requireConfigured) {
    const existing = await fs.stat(file).then(
      () => true,
      () => false,
    );
    throw new KeyEncryptionKeyError(
      'KEY_ENCRYPTION_KEY must be set when DATABASE_URL is: every server copy needs the same key, and it cannot be kept in the database it protects. ' +
        (existing
          ? `This copy's key is in ${file}: set KEY_ENCRYPTION_KEY to its content on every copy.`
          : 'Make one with `openssl rand -base64 32` and give it to every copy.'),
    );
  }
  try {
    const key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
    if (key.length === 32) return { key, generated: false };
    throw new KeyEncryptionKeyError(`${file} does not hold a 32-byte key in base64.`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(options.dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  // wx: two servers starting at once never write two keys over each other.
  await fs.writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return { key, generated: true };
}

/**
 * The vault, once the database's check value opens under this key (or, on a database that has none,
 * after storing one). A key that does not open it stops the start with a clear message.
 */
export async function openKeyVault(db: Db, keyEncryptionKey: Buffer): Promise<KeyVault> {
  const vault = createKeyVault(keyEncryptionKey);
  const [check] = await db.select().from(keyEncryptionChecks).where(eq(keyEncryptionChecks.id, CHECK_ID)).limit(1);
  if (!check) {
    await db.insert(keyEncryptionChecks).values({ id: CHECK_ID, sealed: vault.seal(CHECK_TEXT) }).onConflictDoNothing();
    return openKeyVault(db, keyEncryptionKey);
  }
  let opened: string | null = null;
  try {
    opened = vault.open(check.sealed);
  } catch {
    opened = null;
  }
  if (opened !== CHECK_TEXT) {
    throw new KeyEncryptionKeyError(
      'The key-encryption key does not decrypt the signing keys stored in this database: set KEY_ENCRYPTION_KEY (or restore DATA_DIR/key-encryption-key) to the key they were sealed with. Nothing was re-keyed.',
    );
  }
  return vault;
}
