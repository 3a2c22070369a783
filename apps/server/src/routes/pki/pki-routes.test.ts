// The gateway CA's OCSP responder and CRL, asked from outside as a validator would: Debian's
// `openssl ocsp` against the listening server says good for a certificate the intermediate
// issued, revoked (keyCompromise) once its record says so, and unknown for another issuer's; the
// GET form answers too; `openssl crl` reads the DER CRL, signed by the intermediate, with the
// revoked serial listed and a nextUpdate. Needs openssl (scripts/ci/openssl.sh).
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomBytes, webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve, type ServerType } from '@hono/node-server';
import { localPki } from '@provenance/engine';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayCertificateStatus } from '../../services/revocation/gateway-certificate-status.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
const run = promisify(execFile);
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

let database: DbHandle;
let server: TestServer;
let listening: ServerType;
let base: string;
const files = mkdtempSync(path.join(tmpdir(), 'pg-pki-routes-'));
const file = (name: string): string => path.join(files, name);
let leafSerial: string;

/** A claim-signing leaf from `issuer`'s key, as the gateway issues an account's certificate. */
async function issueLeaf(issuerPem: string, issuerKeyPem: string, name: string): Promise<{ pem: string; serialNumber: string }> {
  const issuer = new x509.X509Certificate(issuerPem);
  const signingKey = await webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(issuerKeyPem), ALGORITHM, false, ['sign']);
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x10;
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serial.toString('hex'),
    subject: `CN=${name}`,
    issuer: issuer.subject,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey,
    extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
  });
  return { pem: certificate.toString('pem'), serialNumber: certificate.serialNumber.toLowerCase() };
}

async function ocsp(cert: string, extra: string[] = []): Promise<string> {
  // openssl says whether the response's signature verified on stderr, the statuses on stdout.
  const { stdout, stderr } = await run('openssl', ['ocsp', '-issuer', file('intermediate.pem'), '-cert', cert, '-url', `${base}/api/v1/pki/ocsp`, '-CAfile', file('root.pem'), ...extra], { timeout: 15_000 });
  return `${stderr}\n${stdout}`;
}

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  server = await createTestServer(database);
  const pkiDir = path.dirname(server.services.engine.rootCertificatePath);
  const intermediatePem = readFileSync(path.join(pkiDir, localPki.files.intermediateCertificate), 'utf8');
  const intermediateKeyPem = readFileSync(path.join(pkiDir, localPki.files.intermediateKey), 'utf8');
  writeFileSync(file('root.pem'), server.services.engine.rootCertificatePem);
  writeFileSync(file('intermediate.pem'), intermediatePem);
  const leaf = await issueLeaf(intermediatePem, intermediateKeyPem, 'Newsroom via Provenance Gateway');
  leafSerial = leaf.serialNumber;
  writeFileSync(file('leaf.pem'), leaf.pem);
  // Another CA, and a certificate it issued: a request naming that issuer is not ours to answer.
  const strangerKeys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const strangerCa = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '01', name: 'CN=Stranger CA', notBefore: new Date(Date.now() - 60_000), notAfter: new Date(Date.now() + 86_400_000), signingAlgorithm: ALGORITHM, keys: strangerKeys });
  const strangerKeyPem = x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', strangerKeys.privateKey), 'PRIVATE KEY');
  writeFileSync(file('stranger-ca.pem'), strangerCa.toString('pem'));
  writeFileSync(file('stranger.pem'), (await issueLeaf(strangerCa.toString('pem'), strangerKeyPem, 'Stranger')).pem);
  await new Promise<void>((ready) => {
    listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
  });
  base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((closed) => listening?.close(closed));
  await database?.close();
});

describe('the gateway CA (OCSP and CRL)', () => {
  it('answers good for a certificate its intermediate issued, signed by the intermediate, with the nonce echoed', async () => {
    const out = await ocsp(file('leaf.pem'), ['-resp_text']);
    expect(out).toContain('Response verify OK');
    expect(out).toMatch(/leaf\.pem: good/);
    expect(out).toMatch(/OCSP Nonce/);
    expect(out).toMatch(/Next Update:/);
  });

  it('answers unknown for a certificate it did not issue', async () => {
    const { stdout } = await run('openssl', ['ocsp', '-issuer', file('stranger-ca.pem'), '-cert', file('stranger.pem'), '-url', `${base}/api/v1/pki/ocsp`, '-noverify'], { timeout: 15_000 });
    expect(stdout).toMatch(/stranger\.pem: unknown/);
  });

  it('answers revoked (key compromise) once its records say so, and the CRL lists the serial', async () => {
    const revokedAt = new Date(Date.now() - 5_000);
    await createGatewayCertificateStatus(database.db).revoke(leafSerial, revokedAt);

    const out = await ocsp(file('leaf.pem'));
    expect(out).toContain('Response verify OK');
    expect(out).toMatch(/leaf\.pem: revoked/);
    expect(out).toMatch(/Reason: keyCompromise/);

    const response = await fetch(`${base}/api/v1/pki/crl`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pkix-crl');
    writeFileSync(file('crl.der'), new Uint8Array(await response.arrayBuffer()));
    const { stdout, stderr } = await run('openssl', ['crl', '-inform', 'DER', '-in', file('crl.der'), '-text', '-noout', '-CAfile', file('intermediate.pem')], { timeout: 15_000 });
    expect(stderr).toContain('verify OK');
    expect(stdout).toContain(`Serial Number: ${leafSerial.toUpperCase()}`);
    expect(stdout).toMatch(/Key Compromise/);
    expect(stdout).toMatch(/Next Update:/);
    // RFC 5280 §5.2: a conforming CA's CRL names its key (the intermediate's SKI) and carries a CRL number.
    const intermediateText = (await run('openssl', ['x509', '-in', file('intermediate.pem'), '-noout', '-ext', 'subjectKeyIdentifier'], { timeout: 15_000 })).stdout;
    const subjectKeyId = intermediateText.split('\n')[1]!.trim();
    expect(stdout).toMatch(/X509v3 Authority Key Identifier:\s*\n\s*(keyid:)?([0-9A-F:]+)/);
    expect(stdout.match(/X509v3 Authority Key Identifier:\s*\n\s*(?:keyid:)?([0-9A-F:]+)/)![1]).toBe(subjectKeyId);
    const first = Number(stdout.match(/X509v3 CRL Number:\s*\n\s*(\d+)/)![1]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    writeFileSync(file('crl-next.der'), new Uint8Array(await (await fetch(`${base}/api/v1/pki/crl`)).arrayBuffer()));
    const next = (await run('openssl', ['crl', '-inform', 'DER', '-in', file('crl-next.der'), '-text', '-noout'], { timeout: 15_000 })).stdout;
    expect(Number(next.match(/X509v3 CRL Number:\s*\n\s*(\d+)/)![1])).toBeGreaterThan(first);
  });

  it('answers the GET form of a request (RFC 6960 A.1)', async () => {
    await run('openssl', ['ocsp', '-issuer', file('intermediate.pem'), '-cert', file('leaf.pem'), '-no_nonce', '-reqout', file('request.der')], { timeout: 15_000 });
    const encoded = encodeURIComponent(readFileSync(file('request.der')).toString('base64'));
    const response = await fetch(`${base}/api/v1/pki/ocsp/${encoded}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/ocsp-response');
    writeFileSync(file('response.der'), new Uint8Array(await response.arrayBuffer()));
    const { stdout } = await run('openssl', ['ocsp', '-respin', file('response.der'), '-issuer', file('intermediate.pem'), '-cert', file('leaf.pem'), '-CAfile', file('root.pem')], { timeout: 15_000 });
    expect(stdout).toMatch(/leaf\.pem: revoked/);
  });

  it('answers a GET path that is not URL-encoded base64 with 400 naming the request, never 500', async () => {
    for (const encoded of ['%ff%fe', '%25', '%E0%A4%A']) {
      const response = await fetch(`${base}/api/v1/pki/ocsp/${encoded}`);
      expect(response.status, encoded).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('validation_error');
      expect(body.error.message).toMatch(/^request:/);
    }
  });

  it('answers a body that is not an OCSP request with malformedRequest', async () => {
    const response = await fetch(`${base}/api/v1/pki/ocsp`, { method: 'POST', body: 'not ocsp', headers: { 'content-type': 'application/ocsp-request' } });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).toString('hex')).toBe('30030a0101');
  });
});
