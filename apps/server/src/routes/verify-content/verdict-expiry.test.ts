// A verdict is reused for the same bytes (verification-cache.ts), but a verdict depends on time: once
// a certificate in the signer's chain has expired, a signature without a trusted timestamp no longer
// validates. The cached verdict must end with the earliest notAfter of its chains.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZVerifyResponse, type TVerifyResponse } from '@provenance/contracts';
import { localPki, createPemSigner, ensureLocalPki, sign } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import type { TestServer } from '../../testing/test-server.ts';

const LIFETIME_MS = 4_000;

describe('a cached verdict and its certificates', () => {
  let database: DbHandle;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server } = await createGatewayTestServer(database));
  });
  afterAll(async () => {
    await database?.close();
  });

  const verify = async (bytes: Uint8Array): Promise<TVerifyResponse> =>
    readAnswer(ZVerifyResponse, await uploadRequest(server, 'verify-content', { file: new Blob([bytes], { type: 'image/jpeg' }) }, undefined, { name: 'short-lived.jpg' }));

  it('ends when the signing certificate expires: the same bytes verified after it read expired, not the old verdict', { timeout: 30_000 }, async () => {
    const pkiDir = mkdtempSync(path.join(tmpdir(), 'pg-short-lived-pki-'));
    await ensureLocalPki(pkiDir);
    // Nothing answers at this OCSP address: revocation is simply not checked.
    const certificate = await localPki.issueAccountCertificate(pkiDir, { organization: 'Short Lived News', ocspUrl: 'http://127.0.0.1:9/ocsp', validityDays: LIFETIME_MS / 86_400_000 });
    const signer = createPemSigner({ privateKeyPem: certificate.privateKeyPem, certificateChainPem: certificate.certificateChainPem });
    const { signedBytes } = await sign(await makeImage('jpeg', 160, 120), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, { signer });

    const before = await verify(signedBytes);
    expect(before.verification.status).not.toBe('invalid');
    expect(before.report.codes.failure.map(({ code }) => code)).not.toContain('signingCredential.expired');

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, certificate.notAfter.getTime() - Date.now()) + 1_000));
    const after = await verify(signedBytes);
    expect(after.verification.status).toBe('invalid');
    expect(after.report.codes.failure.map(({ code }) => code)).toContain('signingCredential.expired');
  });
});
