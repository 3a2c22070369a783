// Requests with NUL characters, malformed JSON or a body of the wrong type are the client's
// mistake: each is answered 400 or 415 with the API's error body, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './db/create-db.ts';
import { createGatewayTestServer } from './testing/gateway-fixture.ts';
import { openTestDatabase, testDatabaseKinds } from './testing/test-databases.ts';
import { readJson, signUpAccount, uniqueEmail, type TestServer } from './testing/test-server.ts';

const NUL = 'before\u0000after';

describe.each(testDatabaseKinds())('malformed requests on %s', (kind) => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ({ server, close } = await createGatewayTestServer(database));
    token = (await signUpAccount(server)).session.access_token;
  });
  afterAll(async () => {
    await close();
    await database.close();
  });

  async function expectError(response: Response, status: number, code: string, message: RegExp): Promise<void> {
    expect(response.status).toBe(status);
    const { error } = await readJson<{ error: { code: string; message: string } }>(response);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  }

  it('refuses a NUL in the text of a support request with a 400 naming the field', async () => {
    const request = { name: 'Ada', email: uniqueEmail(), subject: 'Badge', message: 'Hello' };
    for (const field of ['name', 'subject', 'message'] as const) {
      const response = await server.request('POST', 'support-requests', { body: { ...request, [field]: NUL } });
      await expectError(response, 400, 'validation_error', new RegExp(`^${field} must not contain NUL characters$`, 'i'));
    }
  });

  it('refuses a NUL in a tracked analytics event', async () => {
    for (const data of [{ assetId: NUL }, { assetId: 'urn:c2pa:x', userAgent: NUL }, { assetId: 'urn:c2pa:x', geo: NUL }]) {
      const response = await server.request('POST', 'track-analytics', { body: { eventType: 'badge_view', data } });
      await expectError(response, 400, 'validation_error', /must not contain NUL characters/);
    }
  });

  it('refuses a NUL in the manifest ID or asset URL to verify', async () => {
    await expectError(await server.request('POST', 'verify-content', { body: { manifestId: NUL } }), 400, 'validation_error', /manifestId must not contain NUL/);
    await expectError(await server.request('POST', 'verify-content', { body: { assetUrl: `http://127.0.0.1/${NUL}.jpg` } }), 400, 'validation_error', /assetUrl must not contain NUL/);
  });

  it('refuses a NUL in the sign-in email as invalid input', async () => {
    const response = await server.request('POST', 'auth/sign-in', { body: { email: `ada${NUL}@example.com`, password: 'secret-123' } });
    await expectError(response, 400, 'validation_error', /Email must not contain NUL/);
  });

  it('refuses a NUL in a path segment or a query parameter', async () => {
    for (const path of ['manifests/urn%3Ac2pa%3Ax%00y', 'badge/urn%3Ac2pa%3Ax%00y.svg', 'manifests/urn%3Ac2pa%3Ax?format=%00']) {
      await expectError(await server.request('GET', path), 400, 'validation_error', /must not contain NUL/);
    }
    await expectError(await server.request('GET', 'assets?page=%00', { token }), 400, 'validation_error', /must not contain NUL/);
  });

  it('answers a form body on the JSON-or-upload routes with 415', async () => {
    const form = { body: 'assetUrl=http%3A%2F%2Fexample.org%2Fa.jpg', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    await expectError(await server.request('POST', 'verify-content', form), 415, 'unsupported_media_type', /Send JSON/);
    await expectError(await server.request('POST', 'sign-content', { ...form, token }), 415, 'unsupported_media_type', /Send JSON/);
  });
});
