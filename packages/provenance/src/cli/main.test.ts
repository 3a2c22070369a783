import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeImage } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as NodeJS.ErrnoException & { code: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('provenance CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pg-cli-'));

  it('signs a file with the local PKI and verifies it as trusted, in JSON like the API', async () => {
    const input = join(dataDir, 'photo.png');
    writeFileSync(input, await makeImage('png', 120, 80));
    const out = join(dataDir, 'photo-signed.png');
    const signed = await run(['sign', input, '-o', out, '--creator', 'Ada Reporter', '--license', 'CC-BY-4.0', '--sidecar', '--json', '--data-dir', dataDir]);
    expect(signed.code).toBe(0);
    const summary = JSON.parse(signed.stdout) as { manifestId: string; sidecar: string };
    expect(summary.manifestId).toMatch(/^urn:c2pa:/);
    expect(readFileSync(summary.sidecar).byteLength).toBeGreaterThan(500);

    const verified = await run(['verify', out, '--json', '--data-dir', dataDir]);
    expect(verified.code).toBe(0);
    const response = JSON.parse(verified.stdout) as { verification: { status: string; credentials: { creator: string } }; report: { manifestId: string } };
    expect(response.verification.status).toBe('verified');
    expect(response.verification.credentials.creator).toBe('Ada Reporter');
    expect(response.report.manifestId).toBe(summary.manifestId);

    const untrusted = await run(['verify', out, '--no-local-root', '--data-dir', dataDir]);
    expect(untrusted.code).toBe(0);
    expect(untrusted.stdout).toContain('Verification Failed (PARTIAL)');
  });

  it('verifies an http URL', async () => {
    const image = await makeImage('jpeg');
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(image));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await run(['verify', `http://127.0.0.1:${port}/picture.jpg`, '--data-dir', dataDir]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('picture.jpg: Verification Failed (UNSIGNED)');
    } finally {
      server.close();
    }
  });

  it('creates and shows the local PKI without ever replacing it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-pki-'));
    const first = await run(['pki', 'init', '--data-dir', dir]);
    expect(first.stdout).toContain('Created');
    const second = await run(['pki', 'init', '--data-dir', dir]);
    expect(second.stdout).toContain('Kept the existing');
    const shown = await run(['pki', 'show', '--data-dir', dir]);
    expect(shown.stdout).toContain('CN=Provenance Gateway Signer');
    expect(shown.stdout).toContain('Root CA');
  });

  it('exits non-zero with one line for misuse and unreadable input, and helps', async () => {
    const missing = await run(['verify', join(dataDir, 'nope.jpg')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toEqual(['provenance verify: Cannot read ' + join(dataDir, 'nope.jpg') + ': no such file']);
    const noOutput = await run(['sign', join(dataDir, 'photo.png')]);
    expect(noOutput.code).toBe(2);
    expect(noOutput.stderr).toContain('needs -o');
    const unknownFlag = await run(['verify', '--bogus', 'x']);
    expect(unknownFlag.code).toBe(2);
    const text = join(dataDir, 'notes.txt');
    writeFileSync(text, 'just words');
    expect((await run(['verify', text])).code).toBe(1);
    const help = await run(['sign', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--creator NAME');
  });
});
