import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalTsa, type LocalTsa } from '../testing/local-tsa.ts';
import { makeImage } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as NodeJS.ErrnoException & { code: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('provenance sign --tsa', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pg-cli-tsa-'));
  const allowLoopback = { FETCH_ALLOW_HOSTS: '127.0.0.1' };
  let tsa: LocalTsa;
  beforeAll(async () => {
    tsa = await startLocalTsa();
  });
  afterAll(async () => tsa.close());

  it('timestamps the signature through the safe fetcher, and verify shows the time and authority', async () => {
    const input = join(dataDir, 'photo.jpg');
    writeFileSync(input, await makeImage('jpeg', 120, 80));
    const out = join(dataDir, 'photo-stamped.jpg');
    const refused = await run(['sign', input, '-o', out, '--tsa', tsa.url, '--data-dir', dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/time-stamping authority failed: Refused to fetch the URL: loopback/);
    expect(existsSync(out)).toBe(false);

    const signed = await run(['sign', input, '-o', out, '--tsa', tsa.url, '--data-dir', dataDir], allowLoopback);
    expect(signed.code).toBe(0);
    expect(tsa.requests).toBe(1);
    const verified = await run(['verify', out, '--data-dir', dataDir]);
    expect(verified.stdout).toMatch(/timestamp \d{4}-\d\d-\d\dT[\d:.]+Z by Test Time-Stamping Authority \(authority not on a TSA trust list\)/);

    // The authority's root given as a timestamp-only anchor: the timestamp is trusted, the signer is not
    // made trusted by it (the local root still vouches for the signer, as before).
    const tsaRoot = join(dataDir, 'tsa-root.pem');
    writeFileSync(tsaRoot, tsa.rootPem);
    const anchored = await run(['verify', out, '--data-dir', dataDir, '--tsa-anchors', tsaRoot]);
    expect(anchored.stdout).toMatch(/timestamp \d{4}-\d\d-\d\dT[\d:.]+Z by Test Time-Stamping Authority\n/);
    const fromEnv = await run(['verify', out, '--data-dir', dataDir], { TSA_TRUST_ANCHORS: tsaRoot });
    expect(fromEnv.stdout).toMatch(/by Test Time-Stamping Authority\n/);
    const onlyTsa = await run(['verify', out, '--data-dir', dataDir, '--no-local-root', '--tsa-anchors', tsaRoot]);
    expect(onlyTsa.stdout).not.toMatch(/: VERIFIED/);
  });

  it('signs nothing when the authority cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const input = join(dataDir, 'other.jpg');
    writeFileSync(input, await makeImage('jpeg', 64, 48, 5));
    const out = join(dataDir, 'other-signed.jpg');
    const failed = await run(['sign', input, '-o', out, '--tsa', `http://127.0.0.1:${port}/tsa`, '--data-dir', dataDir], allowLoopback);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/time-stamping authority failed/);
    expect(existsSync(out)).toBe(false);
  });
});
