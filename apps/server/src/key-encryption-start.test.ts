import crypto from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process.ts';

// main.ts as a real process: a key-encryption key that does not open the signing keys already
// stored stops the start with a clear error, whether it is another KEY_ENCRYPTION_KEY or missing
// (a new key would be generated under DATA_DIR); nothing is re-keyed, and the right key starts it again.
describe('the key-encryption key at start', () => {
  it('refuses a wrong or missing key with a clear error, and starts again with the right one', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pg-kek-start-'));
    const key = crypto.randomBytes(32).toString('base64');
    const stop = async (server: Awaited<ReturnType<typeof startServerProcess>>) => {
      server.child.kill('SIGTERM');
      await server.exited;
    };
    await stop(await startServerProcess(dataDir, { KEY_ENCRYPTION_KEY: key, TRUST_LIST_REFRESH_HOURS: '0' }));
    await expect(startServerProcess(dataDir, { KEY_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'), TRUST_LIST_REFRESH_HOURS: '0' })).rejects.toThrow(
      /does not decrypt the signing keys stored in this database.*Nothing was re-keyed/,
    );
    await expect(startServerProcess(dataDir, { KEY_ENCRYPTION_KEY: '', TRUST_LIST_REFRESH_HOURS: '0' })).rejects.toThrow(/does not decrypt the signing keys/);
    await stop(await startServerProcess(dataDir, { KEY_ENCRYPTION_KEY: key, TRUST_LIST_REFRESH_HOURS: '0' }));
  }, 180_000);
});
