import { execFile } from 'node:child_process';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPemSigner, ensureLocalPki, sign } from '../index.ts';
import { writeUnsignedMp4 } from '../testing/large-mp4.ts';
import { loopbackTlsCertificate } from '../testing/loopback-tls.ts';
import { makeImage, tamperJpegPixel } from '../testing/make-assets.ts';
import { corpusFile, hasCorpus } from '../testing/shared-corpus.ts';

const bin = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/provenance.js');
const peakRss = resolve(dirname(fileURLToPath(import.meta.url)), '../testing/report-peak-rss.cjs');

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? Number((error as NodeJS.ErrnoException & { code: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Starts the server on a loopback port and gives its origin (http: an https server's is the same with https:). */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('provenance CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pg-cli-'));

  it('signs a file with the local PKI and verifies it as trusted, in JSON like the API', async () => {
    const input = join(dataDir, 'photo.png');
    writeFileSync(input, await makeImage('png', 120, 80));
    const out = join(dataDir, 'photo-signed.png');
    const signed = await run(['sign', input, '-o', out, '--creator', 'Ada Reporter', '--license', 'CC-BY-4.0', '--json', '--data-dir', dataDir]);
    expect(signed.code).toBe(0);
    const summary = JSON.parse(signed.stdout) as { manifestId: string; sidecar: string | null };
    expect(summary.manifestId).toMatch(/^urn:c2pa:/);
    expect(summary.sidecar).toBeNull();

    const verified = await run(['verify', out, '--json', '--data-dir', dataDir]);
    expect(verified.code).toBe(0);
    const response = JSON.parse(verified.stdout) as { verification: { status: string; credentials: { creator: string } }; report: { manifestId: string } };
    expect(response.verification.status).toBe('verified');
    expect(response.verification.credentials.creator).toBe('Ada Reporter');
    expect(response.report.manifestId).toBe(summary.manifestId);

    const untrusted = await run(['verify', out, '--no-local-root', '--data-dir', dataDir]);
    expect(untrusted.code).toBe(0);
    expect(untrusted.stdout).toContain('Verification Failed (PARTIAL)');
    expect(untrusted.stdout).toContain('trust     Not on any trust list');
    const ours = await run(['verify', out, '--data-dir', dataDir]);
    // The gateway's own root is no trust list, and the CLI says so in the report's and badge's words.
    expect(ours.stdout).toMatch(/trust {5}Signed through this gateway; not on a public trust list, so other validators show it as unrecognised \(anchor .*SHA-256/);
  });

  it('signs with --sidecar beside the original, which stays unchanged, and verifies the pair with --manifest', async () => {
    const input = join(dataDir, 'sidecar.jpg');
    const original = await makeImage('jpeg', 120, 80, 9);
    writeFileSync(input, original);
    const signed = await run(['sign', input, '--sidecar', '--creator', 'Ada Reporter', '--json', '--data-dir', dataDir]);
    expect(signed.code).toBe(0);
    const summary = JSON.parse(signed.stdout) as { sidecar: string; manifestId: string; originalUnchanged: boolean };
    expect(summary).toMatchObject({ sidecar: `${input}.c2pa`, originalUnchanged: true });
    expect(readFileSync(input).equals(original)).toBe(true);

    const pair = await run(['verify', input, '--manifest', `${input}.c2pa`, '--data-dir', dataDir]);
    expect(pair.code).toBe(0);
    expect(pair.stdout).toContain('sidecar.jpg: VERIFIED');
    expect(pair.stdout).toContain(`manifest  ${summary.manifestId}`);
    // Alone, the original carries no credentials.
    expect((await run(['verify', input, '--data-dir', dataDir])).stdout).toContain('UNSIGNED');

    const changed = join(dataDir, 'sidecar-changed.jpg');
    writeFileSync(changed, tamperJpegPixel(original));
    const tampered = await run(['verify', changed, '--manifest', `${input}.c2pa`, '--data-dir', dataDir]);
    expect(tampered.stdout).toContain('Verification Failed (INVALID)');
    expect(tampered.stdout).toContain('assertion.dataHash.mismatch');
    expect((await run(['verify', input, '--manifest', join(dataDir, 'nope.c2pa')])).code).toBe(1);
  });

  it.skipIf(!hasCorpus)('warns that a sidecar over an MP3 or a PDF binds the rewritten copy, not the original', async () => {
    for (const [name, mime] of [['sample1.mp3', 'audio/mpeg'], ['basic.pdf', 'application/pdf']] as const) {
      const input = join(dataDir, name);
      writeFileSync(input, corpusFile(`c2pa-rs/${name}`));
      const out = join(dataDir, `rewritten-${name}`);
      const signed = await run(['sign', input, '--sidecar', '-o', out, '--data-dir', dataDir]);
      expect(signed.code, signed.stderr).toBe(0);
      expect(signed.stderr).toContain(`Warning: To sign this ${mime} file, c2pa-rs rewrote it`);
      expect(signed.stderr).toContain('the sidecar binds the rewritten copy, not the original file');
      const json = JSON.parse((await run(['sign', input, '--sidecar', '-o', out, '--json', '--data-dir', dataDir])).stdout) as { warnings: string[]; originalUnchanged: boolean };
      expect(json.originalUnchanged).toBe(false);
      expect(json.warnings).toEqual([expect.stringContaining('binds the rewritten copy')]);
    }
    // A JPEG's sidecar binds the original itself: nothing to warn about.
    const jpeg = join(dataDir, 'plain-sidecar.jpg');
    writeFileSync(jpeg, await makeImage('jpeg', 64, 48, 21));
    expect((await run(['sign', jpeg, '--sidecar', '--data-dir', dataDir])).stderr).not.toContain('Warning');
  });

  it('warns when the input has Content Credentials of its own that are invalid', async () => {
    const input = join(dataDir, 'resign.jpg');
    writeFileSync(input, await makeImage('jpeg', 120, 80, 11));
    const first = join(dataDir, 'resign-1.jpg');
    expect((await run(['sign', input, '-o', first, '--data-dir', dataDir])).code).toBe(0);
    writeFileSync(first, tamperJpegPixel(readFileSync(first)));
    const again = await run(['sign', first, '-o', join(dataDir, 'resign-2.jpg'), '--data-dir', dataDir]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain("Warning: The input's own Content Credentials are invalid");
  });

  it('shows the trust lists in force: the bundled C2PA lists and the local root, unless turned off', async () => {
    const shown = await run(['trust', 'show', '--json', '--data-dir', dataDir]);
    expect(shown.code).toBe(0);
    const { lists } = JSON.parse(shown.stdout) as { lists: { name: string; tier: string; anchors: number }[] };
    expect(lists.map((list) => [list.name, list.tier])).toEqual([
      ['C2PA trust list', 'conformant'],
      ['C2PA TSA trust list', 'conformant'],
      ['gateway root', 'gateway'],
    ]);
    const none = await run(['trust', 'show', '--no-bundled-lists', '--no-local-root', '--data-dir', dataDir], { TRUST_LISTS: '', TRUST_ANCHORS: '' });
    expect(none.stdout).toMatch(/^No trust lists/);
    // A flag with a file alone names the list after it; one with no name before its '=' is misuse.
    const missing = await run(['trust', 'show', '--trust-list', 'nameless'], { TRUST_LISTS: '' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nameless');
    const broken = await run(['trust', 'show', '--trust-list', '=nameless.pem'], { TRUST_LISTS: '' });
    expect(broken.code).toBe(2);
  });

  it('refuses a trust list at a plain http:// URL, by flag or TRUST_LISTS, as the server does', async () => {
    const flags = ['trust', 'show', '--no-bundled-lists', '--no-local-root', '--data-dir', dataDir];
    const byFlag = await run([...flags, '--trust-list', 'partners=http://lists.example.org/partners.pem'], { TRUST_LISTS: '', TRUST_ANCHORS: '' });
    expect(byFlag.code).toBe(2);
    expect(byFlag.stderr).toMatch(/TRUST_LISTS \/ --trust-list: the list 'partners' is at a plain http:\/\/ URL .*give an https:\/\/ URL or a file/);
    const byEnvironment = await run(['trust', 'update', '--no-bundled-lists', '--no-local-root', '--data-dir', dataDir], { TRUST_LISTS: 'interim:legacy=HTTP://lists.example.org/interim.pem', TRUST_ANCHORS: '' });
    expect(byEnvironment.code).toBe(2);
    expect(byEnvironment.stderr).toContain("the list 'interim' is at a plain http:// URL");
    const verified = await run(['verify', join(dataDir, 'photo-signed.png'), '--trust-list', 'partners=http://lists.example.org/partners.pem', '--data-dir', dataDir], { TRUST_LISTS: '' });
    expect(verified.code).toBe(2);
    expect(verified.stdout).toBe('');
  });

  it('trust update saves an https URL list through the safe fetcher; show falls back to that copy when the URL fails', async () => {
    const listDir = mkdtempSync(join(tmpdir(), 'pg-cli-lists-'));
    const { pki: partner } = await ensureLocalPki(join(listDir, 'partner-pki'));
    let answer = { status: 200, body: partner.rootCertificatePem };
    const tls = await loopbackTlsCertificate();
    writeFileSync(join(listDir, 'loopback-ca.pem'), tls.certificatePem);
    const server = createHttpsServer({ cert: tls.certificatePem, key: tls.privateKeyPem }, (_request, response) => response.writeHead(answer.status, { 'content-type': 'application/x-pem-file' }).end(answer.body));
    const url = `${(await listen(server)).replace(/^http:/, 'https:')}/partners.pem`;
    // The CLI trusts the loopback server's certificate as Node does any extra CA.
    const env = { FETCH_ALLOW_HOSTS: '127.0.0.1', TRUST_LISTS: '', TRUST_ANCHORS: '', NODE_EXTRA_CA_CERTS: join(listDir, 'loopback-ca.pem') };
    const flags = ['--no-bundled-lists', '--no-local-root', '--trust-list', `partners=${url}`, '--data-dir', listDir];
    try {
      const updated = await run(['trust', 'update', ...flags], env);
      expect(updated.code).toBe(0);
      expect(updated.stdout).toContain(`partners: 1 anchors from ${url}`);

      answer = { status: 503, body: 'unavailable' };
      const shown = await run(['trust', 'show', '--json', ...flags], env);
      expect(shown.code).toBe(0);
      expect((JSON.parse(shown.stdout) as { lists: { name: string; tier: string; anchors: number }[] }).lists).toMatchObject([{ name: 'partners', tier: 'custom', anchors: 1 }]);
      expect(shown.stderr).toMatch(/trust list 'partners': .*using the copy saved/);

      answer = { status: 200, body: '<html>not a list</html>' };
      const refused = await run(['trust', 'update', ...flags], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('partners: not updated, the last good copy is kept');
      const still = await run(['trust', 'show', '--json', ...flags], env);
      expect((JSON.parse(still.stdout) as { lists: { anchors: number }[] }).lists[0]?.anchors).toBe(1);
    } finally {
      server.close();
    }
  });

  it('signs an http URL into -o, and refuses --sidecar of a URL without -o', async () => {
    const image = await makeImage('jpeg', 160, 120, 3);
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(image));
    const base = await listen(server);
    try {
      const out = join(dataDir, 'from-url.jpg');
      const signed = await run(['sign', `${base}/photos/harbour.jpg`, '-o', out, '--json', '--data-dir', dataDir], { FETCH_ALLOW_HOSTS: '127.0.0.1' });
      expect(signed.code, signed.stderr).toBe(0);
      expect(JSON.parse(signed.stdout)).toMatchObject({ output: out, mime: 'image/jpeg', bytes: { original: image.byteLength } });
      const verified = await run(['verify', out, '--json', '--data-dir', dataDir]);
      expect(JSON.parse(verified.stdout)).toMatchObject({ verification: { status: 'verified' } });
      const sidecar = await run(['sign', `${base}/photos/harbour.jpg`, '--sidecar', '--data-dir', dataDir], { FETCH_ALLOW_HOSTS: '127.0.0.1' });
      expect(sidecar.code).toBe(2);
      expect(sidecar.stderr).toContain('needs -o <out>');
    } finally {
      server.close();
    }
  });

  it('verifies an http URL', async () => {
    const image = await makeImage('jpeg');
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(image));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await run(['verify', `http://127.0.0.1:${port}/picture.jpg`, '--data-dir', dataDir], { FETCH_ALLOW_HOSTS: '127.0.0.1' });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('picture.jpg: Verification Failed (UNSIGNED)');
    } finally {
      server.close();
    }
  });

  it('verifies a video URL larger than 100 MB from a temporary file, in constant memory, and leaves no file behind', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'pg-cli-url-'));
    const scratch = mkdtempSync(join(tmpdir(), 'pg-cli-tmp-'));
    const megabytes = 160;
    writeUnsignedMp4(join(folder, 'unsigned.mp4'), megabytes * 1024 * 1024);
    const signed = await run(['sign', join(folder, 'unsigned.mp4'), '-o', join(folder, 'signed.mp4'), '--stream', '--creator', 'Ada Reporter', '--data-dir', dataDir]);
    expect(signed.code).toBe(0);
    rmSync(join(folder, 'unsigned.mp4'));
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(statSync(join(folder, 'signed.mp4')).size) });
      createReadStream(join(folder, 'signed.mp4')).pipe(response);
    });
    const base = await listen(server);
    try {
      const verified = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
        execFile(process.execPath, ['--require', peakRss, bin, 'verify', `${base}/clips/interview.mp4`, '--json', '--data-dir', dataDir], { env: { ...process.env, FETCH_ALLOW_HOSTS: '127.0.0.1', TMPDIR: scratch }, timeout: 120_000 }, (error, stdout, stderr) =>
          done({ code: error ? 1 : 0, stdout, stderr }),
        );
      });
      expect(verified.code).toBe(0);
      const response = JSON.parse(verified.stdout) as { verification: { status: string; credentials: { creator: string } } };
      expect(response.verification).toMatchObject({ status: 'verified', credentials: { creator: 'Ada Reporter' } });
      // Held in memory, the file alone would take 160 MB over the command's own ~150 MB.
      const peakMb = Number(/PEAK_RSS_KB=(\d+)/.exec(verified.stderr)?.[1]) / 1024;
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThan(280);
      // (tsx keeps its own cache there too.)
      expect(readdirSync(scratch).filter((entry) => entry.startsWith('provenance-url-'))).toEqual([]);

      // Signed by URL too (--stream: from disk whatever its size): streamed to a temporary file, never held whole.
      const resigned = await new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
        execFile(process.execPath, ['--require', peakRss, bin, 'sign', `${base}/clips/interview.mp4`, '-o', join(folder, 'resigned.mp4'), '--stream', '--creator', 'Ada Reporter', '--data-dir', dataDir], { env: { ...process.env, FETCH_ALLOW_HOSTS: '127.0.0.1', TMPDIR: scratch }, timeout: 120_000 }, (error, stdout, stderr) =>
          done({ code: error ? 1 : 0, stdout, stderr }),
        );
      });
      expect(resigned.code, resigned.stderr).toBe(0);
      expect(resigned.stdout).toContain('(from disk: manifest appended)');
      const signPeakMb = Number(/PEAK_RSS_KB=(\d+)/.exec(resigned.stderr)?.[1]) / 1024;
      expect(signPeakMb).toBeGreaterThan(0);
      expect(signPeakMb).toBeLessThan(280);
      expect(readdirSync(scratch).filter((entry) => entry.startsWith('provenance-url-'))).toEqual([]);
      const reverified = await run(['verify', join(folder, 'resigned.mp4'), '--json', '--data-dir', dataDir]);
      expect((JSON.parse(reverified.stdout) as { verification: { status: string } }).verification.status).toBe('verified');
    } finally {
      server.close();
      rmSync(folder, { recursive: true, force: true });
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 180_000);

  it('reaches loopback only when FETCH_ALLOW_HOSTS lists it, as the server does', async () => {
    const received: string[] = [];
    const server = createServer((request, response) => {
      received.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end('bytes');
    });
    const base = await listen(server);
    try {
      const refused = await run(['verify', `${base}/a.jpg`, '--data-dir', dataDir], { FETCH_ALLOW_HOSTS: '' });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([`provenance verify: Cannot fetch ${base}/a.jpg: Refused to fetch the URL: loopback addresses are never fetched (list the host in FETCH_ALLOW_HOSTS to allow it)`]);
      const malformed = await run(['verify', `${base}/a.jpg`], { FETCH_ALLOW_HOSTS: 'http://127.0.0.1' });
      expect(malformed.code).toBe(2);
      expect(malformed.stderr).toMatch(/^provenance verify: FETCH_ALLOW_HOSTS: the entry "http:\/\/127\.0\.0\.1" is a URL/);
      expect(received).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('verifies a file whose manifest is remote, fetching it through the safe fetcher', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-remote-'));
    const { pki } = await ensureLocalPki(join(dir, 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    let manifest: Uint8Array = new Uint8Array();
    const received: string[] = [];
    const server = createServer((request, response) => {
      received.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'application/c2pa' }).end(manifest);
    });
    const base = await listen(server);
    try {
      const signed = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada Reporter', aiAssisted: false }, { signer, remoteManifestUrl: `${base}/manifests/m.c2pa` });
      manifest = signed.manifestStore;
      const file = join(dir, 'remote.jpg');
      writeFileSync(file, signed.signedBytes);

      const refused = await run(['verify', file, '--data-dir', dir], { FETCH_ALLOW_HOSTS: '' });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([`provenance verify: Cannot fetch the remote manifest at ${base}/manifests/m.c2pa: Refused to fetch the URL: loopback addresses are never fetched (list the host in FETCH_ALLOW_HOSTS to allow it)`]);
      expect(received).toEqual([]);

      const verified = await run(['verify', file, '--data-dir', dir], { FETCH_ALLOW_HOSTS: '127.0.0.1' });
      expect(verified.stderr).toBe('');
      expect(verified.code).toBe(0);
      expect(verified.stdout).toContain('remote.jpg: VERIFIED');
      expect(verified.stdout).toContain(`manifest  ${signed.manifestId}`);
      expect(verified.stdout).toContain('creator   Ada Reporter');
      expect(received).toEqual(['/manifests/m.c2pa']);
    } finally {
      server.close();
    }
  });

  it('says a remote manifest over c2pa-rs’s size cap (10 MiB) cannot be read, instead of asking for it to be fetched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-cli-remote-large-'));
    const { pki } = await ensureLocalPki(join(dir, 'pki'));
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    // Within the CLI's 100 MB fetch limit, over the 10 MiB c2pa-rs 0.92 reads.
    const manifest = new Uint8Array(10 * 1024 * 1024 + 1);
    const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/c2pa' }).end(manifest));
    const base = await listen(server);
    try {
      const signed = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada Reporter' }, { signer, remoteManifestUrl: `${base}/manifests/large.c2pa` });
      const file = join(dir, 'large-remote.jpg');
      writeFileSync(file, signed.signedBytes);
      const refused = await run(['verify', file, '--data-dir', dir], { FETCH_ALLOW_HOSTS: '127.0.0.1' });
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe('provenance verify: The file could not be read: its remote manifest is larger than the 10 MiB c2pa-rs reads.');
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
