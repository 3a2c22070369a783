// A task whose signer is a remote signing service: the worker never reaches the service (nor holds
// its secret); it asks the pool on the parent thread for each signature, which the remote signer
// gets from the reference signing service on loopback. The result verifies; a service that refuses
// fails the task with the service's refusal, and the pool goes on.
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SigningError } from '../errors.ts';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import type { PostSigningRequest } from '../signer/remote-signer.ts';
import { createClaimSigner } from '../signer/signer-factory.ts';
import { startSigningService, type SigningService } from '../signer/signing-service.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

const SECRET = 'the pool test signing secret';

describe('engine pool with a remote signer', () => {
  let pki: LocalPki;
  let service: SigningService;
  let pool: EnginePool;
  const carried: string[] = [];
  // The parent thread's way out (the server passes its safe fetcher): node:http on loopback, counted.
  const post: PostSigningRequest = (url, request) =>
    new Promise((resolve, reject) => {
      carried.push(url);
      const outgoing = httpRequest(url, { method: 'POST', headers: { ...request.headers, 'content-type': request.contentType } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => (response.statusCode === 200 ? resolve({ bytes: new Uint8Array(Buffer.concat(chunks)) }) : reject(new Error(`The signing service answered ${response.statusCode}`))));
      });
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });

  beforeAll(async () => {
    ({ pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-remote-')), 'pki')));
    service = await startSigningService({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem, secret: SECRET, port: 0 });
    // The pool's own signer is another key: the remote one must be the one that signs.
    const { pki: other } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-remote-other-')), 'pki'));
    pool = await createEnginePool({ workers: 1, signer: { privateKeyPem: other.signerKeyPem, certificateChainPem: other.signerChainPem }, trustAnchorPems: [pki.rootCertificatePem] });
  }, 60_000);
  afterAll(async () => {
    await pool?.close();
    await service?.close();
  });

  it("signs through the parent thread's remote signer, and the result verifies", async () => {
    const remote = createClaimSigner({ kind: 'remote', url: service.url, secret: SECRET, certificateChainPem: pki.signerChainPem, alg: 'es256' }, { post });
    const signed = await pool.sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Remote' }, { signer: remote });
    expect(carried).toEqual([service.url]);
    const verified = await pool.verify(signed.signedBytes, 'image/jpeg');
    expect(verified.verification.status).toBe('verified');
  });

  it("fails the task with the service's refusal, and the pool signs on", async () => {
    const refused = createClaimSigner({ kind: 'remote', url: service.url, secret: 'not the shared secret', certificateChainPem: pki.signerChainPem, alg: 'es256' }, { post });
    const failure = await pool.sign(await makeImage('jpeg'), 'image/jpeg', {}, { signer: refused }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SigningError);
    expect((failure as Error).message).toMatch(/remote signer did not sign: The signing service answered 401/);
    const remote = createClaimSigner({ kind: 'remote', url: service.url, secret: SECRET, certificateChainPem: pki.signerChainPem, alg: 'es256' }, { post });
    expect((await pool.sign(await makeImage('jpeg'), 'image/jpeg', {}, { signer: remote })).signedBytes.byteLength).toBeGreaterThan(0);
  });
});
