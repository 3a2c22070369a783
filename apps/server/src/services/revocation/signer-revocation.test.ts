// Revocation in the API's verification (OCSP): a signer whose certificate names a responder (openssl
// ocsp on loopback) is asked through the OCSP fetcher: good keeps the verdict, a second
// verification asks no one (answers cached), OCSP off asks no one, revoked before signing is
// invalid with signingCredential.revoked, a responder that is down leaves the verdict with a
// not-checked note; the gateway's own certificates are answered from its records.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ZVerifyResponse, type TVerifyResponse } from '@provenance/contracts';
import { createPemSigner, sign } from '@provenance/engine';
import { makeImage, startOcspTestAuthority, type OcspTestAuthority } from '@provenance/engine/testing';
import { createSafeFetcher, type SafeFetch } from '@provenance/safe-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer } from '../../testing/test-server.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import { createGatewayCertificateStatus } from './gateway-certificate-status.ts';

const run = promisify(execFile);
let database: DbHandle;
let authority: OcspTestAuthority;
let engine: Engine;
let signed: Uint8Array;
let gatewaySigned: Uint8Array;

/** The safe fetcher as the server makes it for OCSP, counting the requests made through it. */
function countingOcspFetcher(): { fetcher: SafeFetch; requests: () => number } {
  const safe = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 64 * 1024, timeoutMs: 3_000 });
  let requests = 0;
  return {
    requests: () => requests,
    fetcher: (url) => {
      requests += 1;
      return safe(url);
    },
  };
}

async function verifyUpload(server: Awaited<ReturnType<typeof createTestServer>>, bytes: Uint8Array): Promise<TVerifyResponse> {
  const response = await server.app.request('/api/v1/verify-content', { method: 'POST', body: bytes, headers: { 'content-type': 'image/jpeg' } });
  expect(response.status).toBe(200);
  return ZVerifyResponse.parse(await response.json());
}

beforeAll(async () => {
  database = await openTestDatabase('pglite');
  authority = await startOcspTestAuthority();
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-ocsp-'));
  writeFileSync(path.join(dir, 'ocsp-test-root.pem'), authority.rootPem);
  engine = await createEngine({ pkiDir: path.join(dir, 'pki'), trustAnchorFiles: [path.join(dir, 'ocsp-test-root.pem')], bundledTrustLists: false });
  const image = await makeImage('jpeg');
  signed = (await sign(image, 'image/jpeg', { creator: 'OCSP Tester' }, { signer: createPemSigner({ privateKeyPem: authority.signerKeyPem, certificateChainPem: authority.signerChainPem }) })).signedBytes;
  gatewaySigned = (await engine.sign(image, 'image/jpeg', { creator: 'Gateway' })).signedBytes;
}, 60_000);
afterAll(async () => {
  await authority?.close();
  await database?.close();
});

describe('revocation (OCSP) in verification', () => {
  it('asks the responder once: good keeps the verdict with the note, and the answer is reused', async () => {
    const { fetcher, requests } = countingOcspFetcher();
    // Verdicts not cached: the second verification is saved by the OCSP answer cache alone.
    const server = await createTestServer(database, { engine, ocspFetcher: fetcher, verifyCacheEntries: 0 });
    const first = await verifyUpload(server, signed);
    expect(first.verification.status).toBe('verified');
    expect(first.verification.revocation).toMatchObject({ status: 'good', source: 'ocsp', responder: authority.url });
    expect(first.report.codes.success.map((code) => code.code)).toContain('signingCredential.ocsp.notRevoked');
    expect(requests()).toBe(1);
    const second = await verifyUpload(server, signed);
    expect(second.verification.revocation?.status).toBe('good');
    expect(requests()).toBe(1);
    // The evidence keeps the responder's signed answer, which openssl reads as the same status.
    const answer = first.verification.evidence?.revocation;
    expect(answer).toMatchObject({ responder: authority.url, producedAt: expect.stringMatching(/^\d{4}-/) });
    expect(second.verification.evidence?.revocation).toEqual(answer);
    const dir = mkdtempSync(path.join(tmpdir(), 'pg-ocsp-evidence-'));
    writeFileSync(path.join(dir, 'answer.der'), Buffer.from(answer!.response, 'base64'));
    const { stdout } = await run('openssl', ['ocsp', '-respin', path.join(dir, 'answer.der'), '-resp_text', '-noverify'], { timeout: 15_000 });
    expect(stdout).toMatch(/Cert Status: good/);
  });

  it('with OCSP off asks no one and notes nothing', async () => {
    const { requests } = countingOcspFetcher();
    const server = await createTestServer(database, { engine, verifyCacheEntries: 0 });
    const answer = await verifyUpload(server, signed);
    expect(answer.verification.status).toBe('verified');
    expect(answer.verification.revocation).toBeUndefined();
    expect(requests()).toBe(0);
  });

  it('answers for the gateway’s own certificates from its records, without a fetch', async () => {
    const { fetcher, requests } = countingOcspFetcher();
    const server = await createTestServer(database, { engine, ocspFetcher: fetcher, verifyCacheEntries: 0 });
    const good = await verifyUpload(server, gatewaySigned);
    expect(good.verification.revocation).toMatchObject({ status: 'good', source: 'gateway' });
    const serial = good.report.signer?.serialNumber;
    expect(serial).toBeTruthy();
    await createGatewayCertificateStatus(database.db).revoke(serial!, new Date(Date.parse(good.report.signedAt!) - 60_000));
    const revoked = await verifyUpload(server, gatewaySigned);
    expect(revoked.verification).toMatchObject({ status: 'invalid', reasonCode: 'signingCredential.revoked', revocation: { status: 'revoked', source: 'gateway' } });
    expect(requests()).toBe(0);
  });

  // Last: revokes the test signer and takes its responder down.
  it('revoked before signing is invalid with signingCredential.revoked; a responder that is down leaves the verdict with a note, within the time limit', async () => {
    const { fetcher } = countingOcspFetcher();
    const server = await createTestServer(database, { engine, ocspFetcher: fetcher, verifyCacheEntries: 0 });
    await authority.revoke(new Date(Date.now() - 24 * 3_600_000));
    const revoked = await verifyUpload(server, signed);
    expect(revoked.verification).toMatchObject({ status: 'invalid', reasonCode: 'signingCredential.revoked', revocation: { status: 'revoked', source: 'ocsp' } });
    expect(revoked.badge.message).toMatch(/revoked/);

    await authority.stop();
    // A fresh server: no cached answer.
    const down = await createTestServer(database, { engine, ocspFetcher: countingOcspFetcher().fetcher, verifyCacheEntries: 0 });
    const unchecked = await verifyUpload(down, signed);
    expect(unchecked.verification.status).toBe('verified');
    expect(unchecked.verification.revocation).toMatchObject({ status: 'not_checked', responder: authority.url, checkedAt: null });
    expect(unchecked.verification.revocation?.reason).toMatch(/could not be reached/);
  }, 30_000);
});
