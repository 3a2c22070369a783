// A remote signing identity end to end: the reference signing service (provenance signer serve's
// code) holds an account's key on loopback; the account adds it (POST .../signing-identities kind
// remote, 201, active), signs, and the manifest verifies, naming that key's certificate; the service
// was asked through the safe fetcher. A bad chain or algorithm is a 400 naming the problem, and a
// service that refuses (wrong secret) is refused at registration, when it is sent its challenge.
import path from 'node:path';
import { ZSignContentResponse, ZSigningIdentity } from '@provenance/contracts';
import { localPki } from '@provenance/engine';
import { makeImage, type SigningService, startSigningService } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const SECRET = 'the remote newsroom secret';

describe('remote signing identities', () => {
  let database: DbHandle;
  let server: TestServer;
  let assets: LocalAssetServer;
  let service: SigningService;
  let chain: string;
  let image: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await createTestServer(database);
    assets = await startLocalAssetServer();
    image = await makeImage('jpeg', 240, 160);
    // A key the gateway never sees: issued under the gateway's intermediate so it verifies as trusted, held by the service.
    const issued = await localPki.issueAccountCertificate(path.dirname(server.services.engine.rootCertificatePath), { organization: 'Remote Newsroom', ocspUrl: 'http://localhost:8080/api/v1/pki/ocsp' });
    chain = issued.certificateChainPem;
    service = await startSigningService({ privateKeyPem: issued.privateKeyPem, certificateChainPem: chain, secret: SECRET, port: 0 });
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await assets?.close();
    await database?.close();
  });

  const add = (token: string, body: object) => server.request('POST', 'account/signing-identities', { token, body: { kind: 'remote', url: service.url, secret: SECRET, certificateChain: chain, alg: 'ES256', ...body } });
  const signAs = (token: string, name: string) =>
    server.request('POST', 'sign-content', { token, body: { assetUrl: assets.publish(`/${name}.jpg`, image), metadata: { creator: 'Ada', aiAssisted: false } } });

  it('signs through the signing service, and the manifest verifies naming its certificate', async () => {
    const { session } = await signUpAccount(server);
    const token = session.access_token;
    const identity = await readAnswer(ZSigningIdentity, await add(token, {}));
    expect(identity).toMatchObject({ kind: 'remote', active: true });
    expect(identity.subject).toContain('Remote Newsroom');
    const signed = await readAnswer(ZSignContentResponse, await signAs(token, 'remote'));
    expect(signed.verification.verification.status).toBe('verified');
    expect(signed.verification.report.signer).toMatchObject({ organization: 'Remote Newsroom', commonName: 'Remote Newsroom via Provenance Gateway' });
  });

  it('refuses a bad chain or algorithm with a 400 naming it, and a service that refuses its challenge', async () => {
    const { session } = await signUpAccount(server);
    const token = session.access_token;
    const wrongAlg = await add(token, { alg: 'ES384' });
    expect(wrongAlg.status).toBe(400);
    expect(((await wrongAlg.json()) as { error: { code: string } }).error.code).toBe('key_mismatch');
    const blocks = chain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
    const caFirst = await add(token, { certificateChain: `${blocks[1]}\n${blocks[0]}\n` });
    expect(caFirst.status).toBe(400);
    expect(((await caFirst.json()) as { error: { code: string } }).error.code).toBe('ca_leaf');

    const refused = await add(token, { secret: 'not the shared secret at all' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/remote_key_unproven.*remote signer did not sign/);
  });
});
