// The remote signer through the reference signing service, on loopback: the signature the service
// makes with the key it holds verifies; a wrong shared secret, a replayed (stale) request and a
// request for another key are refused, and nothing is signed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import { sign } from '../sign.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { authenticationHeaders, keyIdOf } from './remote-signing-protocol.ts';
import { parseCertificateChainPem } from './claim-signer.ts';
import type { PostSigningRequest } from './remote-signer.ts';
import { createClaimSigner } from './signer-factory.ts';
import { startSigningService, type SigningService } from './signing-service.ts';

const SECRET = 'a shared secret of the newsroom';
/**
 * The caller's way out (the server and CLI pass their safe fetcher; cli/sign-remote.test.ts covers
 * that): node:http on loopback, as the engine's network guard refuses fetch.
 */
const fetcher: PostSigningRequest = (url, post) =>
  new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers: { ...post.headers, 'content-type': post.contentType } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve({ bytes: new Uint8Array(Buffer.concat(chunks)) }) : reject(new Error(`The signing service answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end(post.body);
  });
const post = (url: string, body: Uint8Array, headers: Record<string, string>): Promise<number> =>
  fetcher(url, { method: 'POST', body, contentType: 'application/json', headers }).then(
    () => 200,
    (error: Error) => Number(/answered (\d+)/.exec(error.message)?.[1] ?? 0),
  );

describe('remote signer through the reference signing service', () => {
  let pki: LocalPki;
  let service: SigningService;
  beforeAll(async () => {
    ({ pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-remote-signer-')), 'pki')));
    service = await startSigningService({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem, secret: SECRET, port: 0 });
  });
  afterAll(async () => service?.close());

  it('signs through the service, and the result verifies with the chain the identity names', async () => {
    const signer = createClaimSigner({ kind: 'remote', url: service.url, secret: SECRET, certificateChainPem: pki.signerChainPem, alg: 'es256' }, { post: fetcher });
    const result = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Remote' }, { signer });
    const report = await verify(result.signedBytes, 'image/jpeg', { trust: createTrustStore([pki.rootCertificatePem]) });
    expect(report.verification.status).toBe('verified');
    expect(report.report.signer?.commonName).toBe('Provenance Gateway Signer');
  });

  it('is refused with a wrong secret, and nothing is signed', async () => {
    const signer = createClaimSigner({ kind: 'remote', url: service.url, secret: 'not the shared secret', certificateChainPem: pki.signerChainPem, alg: 'es256' }, { post: fetcher });
    await expect(sign(await makeImage('jpeg'), 'image/jpeg', {}, { signer })).rejects.toThrow(/remote signer did not sign.*401/);
  });

  it('refuses a request whose timestamp is stale (a replay) and one for another key', async () => {
    const keyId = keyIdOf(parseCertificateChainPem(pki.signerChainPem)[0]!);
    const request = (body: object, now?: Date) => {
      const bytes = new TextEncoder().encode(JSON.stringify(body));
      return post(service.url, bytes, authenticationHeaders(SECRET, bytes, now));
    };
    const data = Buffer.from('claim').toString('base64');
    expect(await request({ alg: 'ES256', keyId, data })).toBe(200);
    expect(await request({ alg: 'ES256', keyId, data }, new Date(Date.now() - 10 * 60_000))).toBe(401);
    expect(await request({ alg: 'ES256', keyId: '00'.repeat(32), data })).toBe(400);
    expect(await request({ alg: 'PS256', keyId, data })).toBe(400);
  });
});
