// The CLI's remote signer end to end: `provenance signer serve` holds the local PKI's key on
// loopback, `provenance sign --remote-signer URL --remote-secret S --chain chain.pem --alg ES256`
// signs through it (reached through the safe fetcher, so only with FETCH_ALLOW_HOSTS), and
// `provenance verify` finds the signature valid from the gateway's signer.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, PKI_FILES } from '../pki/local-pki.ts';
import { freePort } from '../testing/ocsp-responder.ts';
import { makeImage } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');
const SECRET = 'the newsroom signing secret';

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as NodeJS.ErrnoException & { code: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('provenance sign --remote-signer', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pg-cli-remote-'));
  const pkiDir = join(dataDir, 'pki');
  let service: ChildProcess;
  let url: string;
  beforeAll(async () => {
    await ensureLocalPki(pkiDir);
    const port = await freePort();
    service = spawn(process.execPath, [bin, 'signer', 'serve', '--key', join(pkiDir, PKI_FILES.signerKey), '--chain', join(pkiDir, PKI_FILES.signerChain), '--secret', SECRET, '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((listening, failed) => {
      service.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && listening());
      service.once('exit', (code) => failed(new Error(`signer serve exited with ${code}`)));
    });
    url = `http://127.0.0.1:${port}/`;
  }, 60_000);
  afterAll(() => {
    service?.kill('SIGTERM');
  });

  it('signs through the signing service, and the result verifies', async () => {
    const input = join(dataDir, 'photo.jpg');
    writeFileSync(input, await makeImage('jpeg', 120, 80));
    const out = join(dataDir, 'photo-remote.jpg');
    const args = ['sign', input, '-o', out, '--remote-signer', url, '--remote-secret', SECRET, '--chain', join(pkiDir, PKI_FILES.signerChain), '--alg', 'ES256', '--data-dir', dataDir];
    const refused = await run(args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/remote signer did not sign: Refused to fetch the URL: loopback/);

    const signed = await run(args, { FETCH_ALLOW_HOSTS: '127.0.0.1' });
    expect(signed.stderr).toBe('');
    expect(signed.code).toBe(0);
    const verified = await run(['verify', out, '--data-dir', dataDir, '--json']);
    const result = JSON.parse(verified.stdout) as { verification: { status: string }; report: { signer: { commonName: string } } };
    expect(result.verification.status).toBe('verified');
    expect(result.report.signer.commonName).toBe('Provenance Gateway Signer');

    const wrong = await run([...args.slice(0, 7), 'not the secret', ...args.slice(8)], { FETCH_ALLOW_HOSTS: '127.0.0.1' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/401/);
  }, 120_000);
});
