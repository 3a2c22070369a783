// A single-machine installation (embedded database, nothing configured) upgraded to the version that
// keeps the PKI and the session secret in the database: its DATA_DIR/pki root stays the gateway's
// root, and a session made before the upgrade (signed with DATA_DIR/auth-secret) is still accepted.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureLocalPki } from '@provenance/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { signUpOnProcess } from './testing/sign-up-mail.ts';

const stop = async (server: ServerProcess) => {
  server.child.kill('SIGTERM');
  await server.exited;
};

describe('upgrading a single-machine installation', () => {
  let dataDir: string | undefined;
  afterAll(async () => {
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps its root and its sessions when the PKI and the secret move into the database', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pg-upgrade-'));
    // What the earlier version left: a PKI folder and a session secret file under DATA_DIR.
    const { pki } = await ensureLocalPki(path.join(dataDir, 'pki'));
    const secret = crypto.randomBytes(32).toString('base64url');
    await fs.writeFile(path.join(dataDir, 'auth-secret'), `${secret}\n`, { mode: 0o600 });
    const rootSha256 = crypto.createHash('sha256').update(new crypto.X509Certificate(pki.rootCertificatePem).raw).digest('hex');
    const env = { TRUST_LIST_REFRESH_HOURS: '0', ENGINE_WORKERS: '0' };

    // A session signed with that secret, as the earlier version signed them (AUTH_SECRET is read the same way).
    const before = await startServerProcess(dataDir, { ...env, AUTH_SECRET: secret });
    const token = (await signUpOnProcess(before, `upgrade-${crypto.randomBytes(4).toString('hex')}@example.com`, 'secret-123-upgrade')).access_token;
    await stop(before);

    const after = await startServerProcess(dataDir, env);
    try {
      expect((await fetch(`${after.baseUrl}/api/v1/account/api-keys`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const trust = (await (await fetch(`${after.baseUrl}/api/v1/trust`)).json()) as { lists: { tier: string; anchors: { sha256: string }[] }[] };
      expect(trust.lists.filter((list) => list.tier === 'gateway').flatMap((list) => list.anchors.map((anchor) => anchor.sha256))).toEqual([rootSha256]);
      expect(await fs.readFile(path.join(dataDir, 'pki', 'root-ca.pem'), 'utf8')).toBe(pki.rootCertificatePem);
    } finally {
      await stop(after);
    }
  }, 120_000);
});
