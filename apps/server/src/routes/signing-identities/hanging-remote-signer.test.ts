// An account's remote signing service that stops answering must not stop verification: over real
// HTTP, with two engine workers and the server's 30 s fetch timeout, an account whose signer (on
// loopback) takes requests and never answers has three signings in flight, and an anonymous
// POST /verify-content of a corpus file still answers 200 within 5 s (the signings wait on the
// parent thread, not on a worker). One more signing of that account is taken; past the
// per-account limit on signings in flight, the next is a 429 with Retry-After.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { ZSigningIdentity, ZVerifyResponse } from '@provenance/contracts';
import { localPki } from '@provenance/engine';
import { corpusFile, makeImage, type SigningService, startSigningService } from '@provenance/engine/testing';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../../testing/sign-up-mail.ts';
import { TEST_ALLOW_HOSTS, TEST_MAX_ASSET_BYTES, type TestServer } from '../../testing/test-server.ts';

const SECRET = 'the hanging newsroom secret';

/** A signing service that answers through the real one until told to hang, then takes requests and never answers. */
async function startHangingSigner(target: SigningService): Promise<{ url: string; hang(): void; received(): number; close(): void }> {
  let hanging = false;
  let received = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (hanging) {
        received += 1;
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'host' && entry[0] !== 'content-length'));
      void fetch(target.url, { method: 'POST', headers, body: Buffer.concat(chunks) }).then(async (answer) => {
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sign`,
    hang: () => {
      hanging = true;
    },
    received: () => received,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a remote signer that never answers', () => {
  let database: DbHandle;
  let server: TestServer;
  let closeGateway: () => Promise<void>;
  let listening: ServerType;
  let base: string;
  let assets: LocalAssetServer;
  let service: SigningService;
  let signer: Awaited<ReturnType<typeof startHangingSigner>>;
  let chain: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // Two engine workers (the default of a two-core machine) and the production fetch timeout.
    ({ server, close: closeGateway } = await createGatewayTestServer(database, {
      workers: 2,
      fetcher: createSafeFetcher({ allowHosts: TEST_ALLOW_HOSTS, maxBytes: TEST_MAX_ASSET_BYTES, timeoutMs: 30_000 }),
    }));
    assets = await startLocalAssetServer();
    const issued = await localPki.issueAccountCertificate(path.dirname(server.services.engine.rootCertificatePath), { organization: 'Hanging Newsroom', ocspUrl: 'http://localhost:8080/api/v1/pki/ocsp' });
    chain = issued.certificateChainPem;
    service = await startSigningService({ privateKeyPem: issued.privateKeyPem, certificateChainPem: chain, secret: SECRET, port: 0 });
    signer = await startHangingSigner(service);
    await new Promise<void>((ready) => {
      listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
    });
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1`;
  }, 60_000);
  afterAll(async () => {
    signer?.close();
    await new Promise((closed) => listening?.close(closed));
    await closeGateway?.();
    assets?.close();
    await service?.close();
    await database?.close();
  });

  it('leaves the engine to verification, and turns away signings past the per-account limit with 429', async () => {
    const token = (await signUpOverHttp(base, 'hanging@example.com', 'secret-123', (email) => signUpTokenFromOutbox(server.services.accountMail, email))).access_token;
    const authorized = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const added = await fetch(`${base}/account/signing-identities`, { method: 'POST', headers: authorized, body: JSON.stringify({ kind: 'remote', url: signer.url, secret: SECRET, certificateChain: chain, alg: 'ES256' }) });
    expect(added.status).toBe(201);
    expect(ZSigningIdentity.parse(await added.json())).toMatchObject({ kind: 'remote', active: true });

    signer.hang();
    const image = await makeImage('jpeg', 240, 160);
    const signing = (index: number) =>
      fetch(`${base}/sign-content`, { method: 'POST', headers: authorized, body: JSON.stringify({ assetUrl: assets.publish(`/hang-${index}.jpg`, image), metadata: { creator: 'Ada' } }) });
    const hanging = [0, 1, 2].map((index) => signing(index).catch((error: unknown) => error));
    await until(() => signer.received() === 3, 15_000);

    const started = performance.now();
    const verified = await fetch(`${base}/verify-content`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: corpusFile('public-testfiles/adobe-20220124-CA.jpg'), signal: AbortSignal.timeout(5_000) });
    const elapsed = performance.now() - started;
    console.info(`anonymous verification under a hanging remote signer answered ${verified.status} in ${Math.round(elapsed)} ms`);
    expect(verified.status).toBe(200);
    expect(ZVerifyResponse.parse(await verified.json()).verification.status).not.toBe('unsigned');

    // The limit is 4 remote signings in flight per account: a fourth is taken (and hangs), a fifth is refused.
    hanging.push(signing(3).catch((error: unknown) => error));
    await until(() => signer.received() === 4, 15_000);
    const refused = await signing(4);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('signings_in_flight');

    // The signer going away fails the waiting signings at once, and nothing of theirs was signed.
    signer.close();
    const statuses = (await Promise.all(hanging)).map((outcome) => (outcome as { status?: number }).status ?? 0);
    console.info(statuses);
    expect(statuses.every((status) => status >= 400)).toBe(true);
  }, 30_000);
});
