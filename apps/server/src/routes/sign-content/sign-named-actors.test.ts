// Organisations are CAWG named actors, over real HTTP on an engine worker pool: every file signed for
// an account carries a cawg.identity assertion signed with the account's own credential (its managed
// certificate, or the key behind its remote signing service), and the verification, the signing's
// and a later one of the signed bytes alike, names the organisation in verification.identities,
// apart from the claim signer. Two accounts' files name two organisations.
import path from 'node:path';
import { ZSignContentResponse, ZSigningIdentity, ZVerifyResponse, type TSignContentResponse } from '@provenance/contracts';
import { localPki } from '@provenance/engine';
import { makeBmff, makeImage, type SigningService, startSigningService } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer } from '../../testing/gateway-fixture.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { nameTestOrganizationAt, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const SECRET = 'the wire service secret';

describe('organisations are named as CAWG actors in what they sign', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let api: LoopbackApi;
  let service: SigningService;
  let serviceChain: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, close } = await createGatewayTestServer(database, { workers: 1 }));
    api = await listenOnLoopback(server);
    const issued = await localPki.issueAccountCertificate(path.dirname(server.services.engine.rootCertificatePath), { organization: 'Remote Wire', ocspUrl: 'http://localhost:8080/api/v1/pki/ocsp' });
    serviceChain = issued.certificateChainPem;
    service = await startSigningService({ privateKeyPem: issued.privateKeyPem, certificateChainPem: serviceChain, secret: SECRET, port: 0 });
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    await api?.close();
    await close?.();
    await database?.close();
  });

  const account = async (organization: string): Promise<string> => {
    const { session } = await signUpAccount(server);
    await nameTestOrganizationAt(api.base, session.access_token, organization);
    return session.access_token;
  };
  const signUpload = async (token: string, bytes: Uint8Array, fileName: string): Promise<TSignContentResponse> => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(bytes)]), fileName);
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter', capturedWithCamera: true }));
    return readAnswer(ZSignContentResponse, await fetch(`${api.base}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
  };
  /** The signed file fetched from its link and verified again over HTTP. */
  const verifySigned = async (signed: TSignContentResponse, mime: string) => {
    const bytes = new Uint8Array(await (await fetch(`${api.base.replace(/\/api\/v1$/, '')}${new URL(signed.signedAssetUrl).pathname}`)).arrayBuffer());
    return readAnswer(ZVerifyResponse, await fetch(`${api.base}/verify-content`, { method: 'POST', headers: { 'content-type': mime }, body: bytes }));
  };
  const actors = (verification: { identities?: { name: string | null; status: string }[] }) => verification.identities?.map(({ name, status }) => ({ name, status }));

  it('a JPEG and an MP4 signed for an account name its organisation, trusted under the gateway root', async () => {
    const token = await account('Harbour Times');
    for (const [bytes, name, mime] of [
      [await makeImage('jpeg', 240, 160), 'harbour.jpg', 'image/jpeg'],
      [makeBmff('mp4'), 'harbour.mp4', 'video/mp4'],
    ] as const) {
      const signed = await signUpload(token, bytes, name);
      expect(signed.verification.verification.status).toBe('verified');
      expect(actors(signed.verification.verification)).toEqual([{ name: 'Harbour Times', status: 'trusted' }]);
      const again = await verifySigned(signed, mime);
      expect(actors(again.verification)).toEqual([{ name: 'Harbour Times', status: 'trusted' }]);
      const [identity] = again.verification.identities ?? [];
      expect(identity?.credentialIssuer).toMatch(/Provenance Gateway/);
      expect(identity?.codes.success.map((code) => code.code)).toEqual(expect.arrayContaining(['cawg.identity.well-formed', 'cawg.x509.signature.validated', 'cawg.x509.credential.trusted']));
    }
  });

  it("two organisations' files name two organisations", async () => {
    const image = await makeImage('jpeg', 240, 160, 3);
    const [harbour, valley] = await Promise.all([account('Harbour Times'), account('Valley Ledger')]);
    const first = await verifySigned(await signUpload(harbour, image, 'a.jpg'), 'image/jpeg');
    const second = await verifySigned(await signUpload(valley, image, 'b.jpg'), 'image/jpeg');
    expect(actors(first.verification)).toEqual([{ name: 'Harbour Times', status: 'trusted' }]);
    expect(actors(second.verification)).toEqual([{ name: 'Valley Ledger', status: 'trusted' }]);
  });

  it('an account signing through its remote signing service has the service sign its identity too', async () => {
    const token = await account('Remote Wire');
    const identity = await readAnswer(
      ZSigningIdentity,
      await fetch(`${api.base}/account/signing-identities`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'remote', url: service.url, secret: SECRET, certificateChain: serviceChain, alg: 'ES256' }),
      }),
    );
    expect(identity).toMatchObject({ kind: 'remote', active: true });
    const signed = await signUpload(token, await makeImage('jpeg', 240, 160, 5), 'wire.jpg');
    expect(actors(signed.verification.verification)).toEqual([{ name: 'Remote Wire', status: 'trusted' }]);
    expect(actors((await verifySigned(signed, 'image/jpeg')).verification)).toEqual([{ name: 'Remote Wire', status: 'trusted' }]);
  });
});
