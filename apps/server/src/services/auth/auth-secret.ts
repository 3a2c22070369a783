// The secret that signs session tokens: AUTH_SECRET when set (needed when several server copies
// share one database), otherwise generated once and kept under DATA_DIR with owner-only permissions.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export async function loadAuthSecret(options: { configured: string | undefined; dataDir: string }): Promise<string> {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, 'auth-secret');
  try {
    const existing = (await fs.readFile(file, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(options.dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
