// Registering a remote signing identity, over real HTTP on loopback: the gateway sends the service a
// challenge and accepts the identity only when the answer is a signature by the certificate's key.
// The reference signing service holding the key is accepted; a service that answers with another
// key (registering another account's certificate) or refuses the gateway's secret is refused with
// 400 remote_key_unproven, and so is nothing stored; a URL carrying credentials is a 400 naming url.
// A service that proves its key but whose certificate c2pa-rs refuses on reading back what it signed
// fails the test signing that follows: 422 identity_cannot_sign with c2pa-rs's reason.
import { createPrivateKey, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { ZSigningIdentity, ZSigningIdentityList } from '@provenance/contracts';
import { localPki } from '@provenance/engine';
import { issueTestSigningChain, type SigningService, startSigningService } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../../testing/sign-up-mail.ts';
import { createTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';

const SECRET = 'the proving newsroom secret';

/** A service answering every request with a signature by its own key, whatever certificate it is asked for. */
async function startImpostor(privateKeyPem: string): Promise<{ url: string; close(): void }> {
  const key = createPrivateKey(privateKeyPem);
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { data } = JSON.parse(Buffer.concat(chunks).toString()) as { data: string };
      const signature = sign('sha256', Buffer.from(data, 'base64'), { key, dsaEncoding: 'ieee-p1363' });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ signature: signature.toString('base64') }));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('proof of key possession for remote signing identities', () => {
  let database: DbHandle;
  let listening: ServerType;
  let base: string;
  let service: SigningService;
  let impostor: Awaited<ReturnType<typeof startImpostor>>;
  let ownChain: string;
  let otherChain: string;

  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await createTestServer(database);
    const intermediateDir = path.dirname(server.services.engine.rootCertificatePath);
    const own = await localPki.issueAccountCertificate(intermediateDir, { organization: 'Proving Newsroom', ocspUrl: 'http://localhost:8080/api/v1/pki/ocsp' });
    const other = await localPki.issueAccountCertificate(intermediateDir, { organization: 'Another Account', ocspUrl: 'http://localhost:8080/api/v1/pki/ocsp' });
    ownChain = own.certificateChainPem;
    otherChain = other.certificateChainPem;
    service = await startSigningService({ privateKeyPem: own.privateKeyPem, certificateChainPem: ownChain, secret: SECRET, port: 0 });
    impostor = await startImpostor(own.privateKeyPem);
    await new Promise<void>((ready) => {
      listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
    });
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1`;
  }, 60_000);
  afterAll(async () => {
    impostor?.close();
    await new Promise((closed) => listening?.close(closed));
    await service?.close();
    await database?.close();
  });

  async function session(): Promise<string> {
    return (await signUpOverHttp(base, uniqueEmail('remote'), 'secret-123', (email) => signUpTokenFromOutbox(server.services.accountMail, email))).access_token;
  }
  const add = (token: string, body: { url: string; secret?: string; certificateChain: string }) =>
    fetch(`${base}/account/signing-identities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'remote', secret: SECRET, alg: 'ES256', ...body }),
    });
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

  it('accepts a service that signs the challenge with the certificate’s key', async () => {
    const token = await session();
    const added = await add(token, { url: service.url, certificateChain: ownChain });
    expect(added.status).toBe(201);
    expect(ZSigningIdentity.parse(await added.json())).toMatchObject({ kind: 'remote', active: true });
  });

  it('refuses another account’s certificate, and a service that refuses the secret, storing nothing', async () => {
    const token = await session();
    const borrowed = await add(token, { url: impostor.url, certificateChain: otherChain });
    expect(borrowed.status).toBe(400);
    expect(await errorOf(borrowed)).toMatchObject({ code: 'remote_key_unproven', message: expect.stringMatching(/not a signature by the signing certificate's key/) });

    const wrongSecret = await add(token, { url: service.url, secret: 'not the shared secret at all', certificateChain: ownChain });
    expect(wrongSecret.status).toBe(400);
    expect(await errorOf(wrongSecret)).toMatchObject({ code: 'remote_key_unproven', message: expect.stringMatching(/HTTP 401/) });

    const listed = ZSigningIdentityList.parse(await (await fetch(`${base}/account/signing-identities`, { headers: { authorization: `Bearer ${token}` } })).json());
    expect(listed.filter((identity) => identity.kind === 'remote')).toEqual([]);
  });

  it('refuses, after the key is proven, a certificate c2pa-rs refuses when reading back a test signing (no authority key identifier), storing nothing', async () => {
    const unprofiled = await issueTestSigningChain({ authorityKeyIdentifier: false });
    const unprofiledService = await startSigningService({ privateKeyPem: unprofiled.privateKeyPem, certificateChainPem: unprofiled.certificateChainPem, secret: SECRET, port: 0 });
    try {
      const token = await session();
      const refused = await add(token, { url: unprofiledService.url, certificateChain: unprofiled.certificateChainPem });
      expect(refused.status).toBe(422);
      expect(await errorOf(refused)).toMatchObject({ code: 'identity_cannot_sign', message: expect.stringMatching(/test signing with it failed \(the signed manifest failed validation: signingCredential\.invalid \(/) });
      const listed = ZSigningIdentityList.parse(await (await fetch(`${base}/account/signing-identities`, { headers: { authorization: `Bearer ${token}` } })).json());
      expect(listed).toEqual([]);
    } finally {
      await unprofiledService.close();
    }
  });

  it('refuses a URL carrying credentials with a 400 naming url', async () => {
    const token = await session();
    const withUserinfo = new URL(service.url);
    withUserinfo.username = 'signer';
    withUserinfo.password = 'hunter2';
    const response = await add(token, { url: withUserinfo.href, certificateChain: ownChain });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_url', message: expect.stringMatching(/^url must not carry credentials/) });
  });
});
