// The secret that signs session tokens, one for every server copy: AUTH_SECRET when set, otherwise
// kept in the database sealed by the key vault, so a session made on one copy is accepted by all.
// The first copy to start stores it (an existing DATA_DIR/auth-secret is moved in, so sessions
// survive the upgrade; else a new one); the primary key makes a copy starting at the same time take
// the first's. Each copy also keeps it in DATA_DIR/auth-secret (owner-only), as before.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { gatewaySecrets } from '../../db/schema/index.ts';
import type { KeyVault } from '../signing-identities/key-vault.ts';

const SECRET_NAME = 'auth-secret';
const FILE_NAME = 'auth-secret';

export interface AuthSecretOptions {
  /** AUTH_SECRET: when set, the database and the file are not used. */
  configured: string | undefined;
  dataDir: string;
  db: Db;
  vault: KeyVault;
}

async function readLocalSecret(file: string): Promise<string | null> {
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    return existing.length >= 32 ? existing : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
}

async function storedSecret(db: Db, vault: KeyVault): Promise<string | null> {
  const [row] = await db.select().from(gatewaySecrets).where(eq(gatewaySecrets.name, SECRET_NAME)).limit(1);
  return row ? vault.open(row.sealed) : null;
}

export async function loadAuthSecret(options: AuthSecretOptions): Promise<string> {
  if (options.configured) return options.configured;
  const { db, vault } = options;
  const file = path.join(options.dataDir, FILE_NAME);
  const local = await readLocalSecret(file);
  let shared = await storedSecret(db, vault);
  if (shared === null) {
    const candidate = local ?? crypto.randomBytes(32).toString('base64url');
    await db.insert(gatewaySecrets).values({ name: SECRET_NAME, sealed: vault.seal(candidate) }).onConflictDoNothing();
    shared = await storedSecret(db, vault);
    if (shared === null) throw new Error('The session secret could not be stored in the database.');
  }
  if (local !== shared) {
    await fs.mkdir(options.dataDir, { recursive: true });
    await fs.writeFile(file, `${shared}\n`, { mode: 0o600 });
    // writeFile keeps an existing file's mode; the secret is the owner's alone either way.
    await fs.chmod(file, 0o600);
  }
  return shared;
}
