// Every signature the gateway makes carries its certificate's OCSP answer (C2PA rVals): a file
// signed through the API, read later by c2pa-rs with no network at all, says its signing
// certificate was not revoked at signing (signingCredential.ocsp.notRevoked), from the answer of the
// gateway's own responder (a delegated responder certificate the intermediate issued), stapled in.
import { ZSignContentResponse } from '@provenance/contracts';
import { makeImage, rawValidationCodes } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';
import type { Services } from '../../services/create-services.ts';

describe('stapled OCSP on signing', () => {
  let database: DbHandle;
  let server: TestServer;
  let gateway: Services;
  let close: () => Promise<void>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, gateway, close } = await createGatewayTestServer(database));
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  it('staples the gateway responder’s answer into the signature, which c2pa-rs reads offline as not revoked', async () => {
    const account = await signUpAccount(server);
    const image = await makeImage('jpeg', 320, 240);
    const response = await uploadRequest(server, 'sign-content', { file: new Blob([image], { type: 'image/jpeg' }), metadata: JSON.stringify({ creator: 'Ada Reporter' }) }, account.session.access_token, { name: 'quay.jpg' });
    expect(response.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, response);
    const bytes = new Uint8Array(await (await server.app.request(new URL(signed.signedAssetUrl).pathname)).arrayBuffer());

    const codes = await rawValidationCodes(bytes, 'image/jpeg', gateway.engine.rootCertificatePem);
    expect(codes).toContain('signingCredential.trusted');
    expect(codes).toContain('signingCredential.ocsp.notRevoked');
    expect(codes).not.toContain('signingCredential.ocsp.revoked');
  }, 60_000);
});
