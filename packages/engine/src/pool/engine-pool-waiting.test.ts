// A sign task waiting on the parent thread (its timestamp, its remote signature) does not hold its
// worker: with one worker, a time-stamping authority and a signing service on loopback that take
// requests and never answer, signings wait while a verification runs on that worker; once the
// services go away the waiting signings fail. Past maxSignings, a signing waits in the queue while a
// verification queued after it goes first. A signing whose slow service answers while verifications
// run on its worker goes on between them, and what it signed verifies.
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import type { PostSigningRequest } from '../signer/remote-signer.ts';
import { createClaimSigner } from '../signer/signer-factory.ts';
import { startSigningService } from '../signer/signing-service.ts';
import { makeImage } from '../testing/make-assets.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

/** A loopback server that reads each request and never answers; closing it cuts them off. */
async function startSilentServer(): Promise<{ url: string; received(): number; close(): void }> {
  let received = 0;
  const server: Server = createServer((request) => {
    request.resume();
    request.on('end', () => {
      received += 1;
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received: () => received,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The parent thread's POST (the server passes its safe fetcher): node:http on loopback. */
const post = (url: string, body: Uint8Array, contentType: string, headers: Record<string, string> = {}): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', headers: { ...headers, 'content-type': contentType } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('engine pool: signings waiting on the parent thread', () => {
  let pki: LocalPki;
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let pool: EnginePool;

  beforeAll(async () => {
    ({ pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-pool-waiting-')), 'pki')));
    silent = await startSilentServer();
    pool = await createEnginePool({
      workers: 1,
      maxSignings: 3,
      signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem },
      trustAnchorPems: [pki.rootCertificatePem],
      timestampTransport: (request) => post(silent.url, request, 'application/timestamp-query'),
    });
  }, 60_000);
  afterAll(async () => {
    silent?.close();
    await pool?.close();
  });

  it('verifies on the worker while signings wait for a silent authority and signing service', async () => {
    const remotePost: PostSigningRequest = async (url, request) => ({ bytes: await post(url, request.body, request.contentType, request.headers) });
    const remote = createClaimSigner({ kind: 'remote', url: silent.url, secret: 'a secret of sixteen', certificateChainPem: pki.signerChainPem, alg: 'es256' }, { post: remotePost });
    const image = await makeImage('jpeg', 160, 120);
    const waiting = [
      pool.sign(image, 'image/jpeg', {}).catch((error: unknown) => error),
      pool.sign(image, 'image/jpeg', {}, { signer: remote }).catch((error: unknown) => error),
      pool.sign(image, 'image/jpeg', {}).catch((error: unknown) => error),
    ];
    await until(() => silent.received() === 3);
    expect(pool.idle()).toBe(1);

    // A fourth signing is past maxSignings: it waits, and a verification queued after it goes first.
    let fourthDone = false;
    const fourth = pool.sign(image, 'image/jpeg', {}).then(
      () => (fourthDone = true),
      () => (fourthDone = true),
    );
    const verified = await pool.verify(image, 'image/jpeg');
    expect(verified.verification.status).toBe('unsigned');
    expect(silent.received()).toBe(3);
    expect(fourthDone).toBe(false);

    silent.close();
    for (const outcome of await Promise.all(waiting)) expect(outcome).toBeInstanceOf(Error);
    // The fourth starts once the others are done, and fails the same way.
    await fourth;
    expect(fourthDone).toBe(true);
  }, 30_000);

  it('finishes a signing whose slow service answers while verifications run on its worker', async () => {
    const service = await startSigningService({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem, secret: 'a secret of sixteen', port: 0 });
    const untimed = await createEnginePool({ workers: 1, signer: null, trustAnchorPems: [pki.rootCertificatePem] });
    try {
      let answered = 0;
      // The parent thread's way to the service, 400 ms late: the worker verifies meanwhile.
      const slowPost: PostSigningRequest = async (url, request) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        const bytes = await post(url, request.body, request.contentType, request.headers);
        answered += 1;
        return { bytes };
      };
      const remote = createClaimSigner({ kind: 'remote', url: service.url, secret: 'a secret of sixteen', certificateChainPem: pki.signerChainPem, alg: 'es256' }, { post: slowPost });
      const signing = untimed.sign(await makeImage('jpeg', 160, 120), 'image/jpeg', { creator: 'Slow' }, { signer: remote });
      const verifications = await Promise.all([1, 2, 3].map(async (seed) => untimed.verify(await makeImage('png', 120, 90, seed), 'image/png')));
      expect(verifications.map((result) => result.verification.status)).toEqual(['unsigned', 'unsigned', 'unsigned']);
      const signed = await signing;
      expect(answered).toBe(1);
      expect((await untimed.verify(signed.signedBytes, 'image/jpeg')).verification.status).toBe('verified');
    } finally {
      await untimed.close();
      await service.close();
    }
  }, 30_000);
});
