// `provenance sign --redact location`: re-signing a photo whose credentials hold where it was taken
// removes that from its parent ingredient's manifest, says so, and `verify` names the redaction.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPemSigner, ensureLocalPki, sign } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { timeout: 60_000 }, (error, stdout, stderr) => done({ code: error ? 1 : 0, stdout, stderr }));
  });
}

describe('provenance sign --redact', () => {
  it('removes the source\'s location when re-signing, and verify names what was redacted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-redact-'));
    const { pki } = await ensureLocalPki(join(dir, 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const source = await sign(await makeImage('jpeg', 96, 64, 61), 'image/jpeg', { creator: 'Field Reporter', capturedWithCamera: true, location: { latitude: 41.0082, longitude: 28.9784 } }, { signer });
    writeFileSync(join(dir, 'source.jpg'), source.signedBytes);

    const out = join(dir, 'desk.jpg');
    const signed = await run(['sign', join(dir, 'source.jpg'), '-o', out, '--redact', 'location', '--json', '--data-dir', dir]);
    expect(signed.code, signed.stderr).toBe(0);
    expect(JSON.parse(signed.stdout).redacted).toEqual([{ manifest: source.manifestId, assertion: 'c2pa.metadata' }]);
    expect(readFileSync(out).includes('41.0082')).toBe(false);

    const verified = await run(['verify', out, '--data-dir', dir, '--no-ocsp']);
    expect(verified.stdout).toContain('desk.jpg: VERIFIED');
    expect(verified.stdout).toContain(`redacted  c2pa.metadata from ${source.manifestId}`);

    const refused = await run(['sign', join(dir, 'source.jpg'), '-o', out, '--redact', 'faces', '--data-dir', dir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--redact takes location and exif');
  }, 60_000);
});
