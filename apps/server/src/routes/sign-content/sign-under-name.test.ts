// The name a signature publishes, over real HTTP: a fresh account (no organisation name) that signs
// is refused with 409 organization_required naming the field, by upload, by URL (nothing fetched)
// and as a batch job (nothing stored), and no certificate is issued; the signing request's (or the
// job's) organization sets the name in one step, and the account's identity certificate names it
// (the claim itself is signed by the installation's product certificate: issue 32), and the signed
// file, its manifest store and the report never name the account's email. A managed certificate
// issued under the email before names were required signs no more. A bad organization is a 400
// naming it, and one other than the name set a 409 organization_mismatch.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { ZErrorResponse, ZOrganizationResponse, ZSignContentResponse, ZSigningIdentityList, type TSignContentResponse } from '@provenance/contracts';
import { makeImage } from '@provenance/engine/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { organizationProfiles, users } from '../../db/schema/index.ts';
import { startLocalAssetServer, type LocalAssetServer } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../../testing/sign-up-mail.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, uniqueEmail, type TestServer } from '../../testing/test-server.ts';
import { UNNAMED_OPERATOR } from '../../services/claim-signer/installation-claim-signer.ts';

describe('a signature publishes the name the account gave, never its email', () => {
  let database: DbHandle;
  let server: TestServer;
  let listening: ServerType;
  let assets: LocalAssetServer;
  let api: string;
  let image: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await createTestServer(database);
    await new Promise<void>((ready) => {
      listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
    });
    api = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1`;
    assets = await startLocalAssetServer();
    image = await makeImage('jpeg', 240, 160);
  }, 60_000);
  afterAll(async () => {
    assets?.close();
    await new Promise((closed) => listening?.close(closed));
    await server?.close();
    await database?.close();
  });

  const call = (method: string, route: string, token: string, body?: unknown): Promise<Response> =>
    fetch(`${api}/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  /** A fresh account as sign-up leaves it: no organisation name. */
  const signUp = async (): Promise<{ token: string; email: string }> => {
    const email = uniqueEmail('unnamed');
    const session = await signUpOverHttp(api, email, 'secret-123-unnamed', (address) => signUpTokenFromOutbox(server.services.accountMail, address));
    return { token: session.access_token, email };
  };
  const upload = (token: string, fields: Record<string, string> = {}): Promise<Response> => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(image)]), 'harbour.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(`${api}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  };
  const refusal = async (response: Response) => ({ status: response.status, ...ZErrorResponse.parse(await response.json()).error });
  const bytesAt = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(`${api.replace(/\/api\/v1$/, '')}${new URL(url).pathname}`)).arrayBuffer());
  /**
   * Everything a signing publishes names `name` and never `email`. Issue 32: the claim is signed by
   * the installation's product certificate, and the organisation is named by the account's identity
   * (its managed certificate, the credential of the CAWG identity assertion the cawg work adds).
   */
  const expectPublishedUnder = async (signed: TSignContentResponse, name: string, email: string, token: string) => {
    const { report } = signed.verification;
    expect(report.signer).toMatchObject({ organization: UNNAMED_OPERATOR, commonName: 'Provenance Gateway' });
    const active = (await readAnswer(ZSigningIdentityList, await call('GET', 'account/signing-identities', token))).find((identity) => identity.active)!;
    expect(active.subject).toContain(`O=${name}`);
    expect(active.subject).toContain(`CN=${name} via Provenance Gateway`);
    expect(active.subject).not.toContain(email);
    expect(JSON.stringify(signed.verification)).not.toContain(email);
    // The certificates travel in the file and its manifest store: the email's bytes are in neither.
    // (Once the CAWG identity assertion is signed with the identity, the store names `name` again: cawg branch.)
    expect((await bytesAt(signed.signedAssetUrl)).includes(email)).toBe(false);
    expect((await bytesAt(signed.sidecarUrl)).includes(email)).toBe(false);
  };

  it('refuses a fresh account’s signing with 409 organization_required naming the field, by upload, by URL and as a job, and issues no certificate', async () => {
    const { token } = await signUp();
    const byUpload = await refusal(await upload(token));
    expect(byUpload).toMatchObject({ status: 409, code: 'organization_required' });
    expect(byUpload.message).toContain('organization');

    const url = assets.publish('/unnamed.jpg', image, 'image/jpeg');
    const before = assets.requests.length;
    expect(await refusal(await call('POST', 'sign-content', token, { assetUrl: url, metadata: { creator: 'Ada Reporter' } }))).toMatchObject({ status: 409, code: 'organization_required' });
    expect(assets.requests.length, 'refused before the asset is fetched').toBe(before);

    expect(await refusal(await call('POST', 'jobs', token, { type: 'sign', items: [{ assetUrl: url, metadata: { creator: 'Ada Reporter' } }] }))).toMatchObject({ status: 409, code: 'organization_required' });
    expect((await (await call('GET', 'jobs', token)).json()) as unknown).toEqual({ jobs: [] });

    expect(await readAnswer(ZSigningIdentityList, await call('GET', 'account/signing-identities', token))).toEqual([]);
    expect(await readAnswer(ZOrganizationResponse, await call('GET', 'account/organization', token))).toMatchObject({ name: null, isSet: false });

    // A sign job may give the name too: it is set when the job is accepted.
    const accepted = await call('POST', 'jobs', token, { type: 'sign', organization: 'Quay Weekly', items: [{ assetUrl: url, metadata: { creator: 'Ada Reporter' } }] });
    expect(accepted.status).toBe(202);
    expect(await readAnswer(ZOrganizationResponse, await call('GET', 'account/organization', token))).toMatchObject({ name: 'Quay Weekly', isSet: true });
  }, 30_000);

  it('signs under the organization given with the first signing, which becomes the account’s name; another name is refused', async () => {
    const { token, email } = await signUp();
    const first = await readAnswer(ZSignContentResponse, await upload(token, { organization: '  Harbour Gazette ' }));
    await expectPublishedUnder(first, 'Harbour Gazette', email, token);
    expect(await readAnswer(ZOrganizationResponse, await call('GET', 'account/organization', token))).toMatchObject({ name: 'Harbour Gazette', isSet: true, verified: false });
    const [identity] = await readAnswer(ZSigningIdentityList, await call('GET', 'account/signing-identities', token));
    expect(identity!.subject).toContain('O=Harbour Gazette');
    expect(identity!.subject).not.toContain(email);

    // Not asked again: the next signing (here by URL) uses the name set.
    const url = assets.publish('/named.jpg', image, 'image/jpeg');
    const second = await readAnswer(ZSignContentResponse, await call('POST', 'sign-content', token, { assetUrl: url, metadata: { creator: 'Ada Reporter' } }));
    await expectPublishedUnder(second, 'Harbour Gazette', email, token);

    // A signing does not rename: that is Settings' (PUT /account/organization).
    const other = await refusal(await upload(token, { organization: 'Other Gazette' }));
    expect(other).toMatchObject({ status: 409, code: 'organization_mismatch' });
    expect(other.message).toContain('Harbour Gazette');
    expect(await readAnswer(ZOrganizationResponse, await call('GET', 'account/organization', token))).toMatchObject({ name: 'Harbour Gazette' });
    // A transform signs as a signing does.
    expect(await refusal(await call('POST', `assets/${first.assetId}/transform`, token, { resize: { width: 120 }, organization: 'Other Gazette' }))).toMatchObject({ status: 409, code: 'organization_mismatch' });
  }, 30_000);

  it('answers an organization that is empty, too long or holds a NUL with a 400 naming it, by upload, as JSON and in a job’s query', async () => {
    const { token } = await signUp();
    for (const organization of ['   ', 'x'.repeat(201), 'Harbour\u0000Gazette']) {
      const byUpload = await refusal(await upload(token, { organization }));
      expect(byUpload.status).toBe(400);
      expect(byUpload.message).toContain('organization');
      const byJson = await refusal(await call('POST', 'sign-content', token, { assetUrl: 'https://example.org/a.jpg', metadata: { creator: 'Ada Reporter' }, organization }));
      expect(byJson.status).toBe(400);
      expect(byJson.message).toContain('organization');
    }
    const ndjson = (organization: string) =>
      fetch(`${api}/jobs?type=sign&organization=${encodeURIComponent(organization)}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
        body: `${JSON.stringify({ assetUrl: assets.publish('/ndjson.jpg', image, 'image/jpeg'), metadata: { creator: 'Ada Reporter' } })}\n`,
      });
    const badQuery = await refusal(await ndjson('x'.repeat(201)));
    expect(badQuery.status).toBe(400);
    expect(badQuery.message).toContain('organization');
    expect(await readAnswer(ZOrganizationResponse, await call('GET', 'account/organization', token))).toMatchObject({ isSet: false });
    // An NDJSON sign job gives it in the query.
    expect((await ndjson('Quay Weekly')).status).toBe(202);
    expect(await readAnswer(ZOrganizationResponse, await call('GET', 'account/organization', token))).toMatchObject({ name: 'Quay Weekly' });
  }, 30_000);

  it('no longer signs with a managed certificate issued under the email: refused until a name is given, then a new one under it', async () => {
    const { token, email } = await signUp();
    const [account] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // What the gateway did before names were required: the certificate named the account's email.
    await database.db.insert(organizationProfiles).values({ userId: account!.id, name: email });
    await readAnswer(ZSignContentResponse, await upload(token));
    await database.db.delete(organizationProfiles).where(eq(organizationProfiles.userId, account!.id));
    const [legacy] = await readAnswer(ZSigningIdentityList, await call('GET', 'account/signing-identities', token));
    expect(legacy!.subject).toContain(email);

    expect(await refusal(await upload(token))).toMatchObject({ status: 409, code: 'organization_required' });
    const named = await readAnswer(ZSignContentResponse, await upload(token, { organization: 'Harbour Gazette' }));
    await expectPublishedUnder(named, 'Harbour Gazette', email, token);
    const identities = await readAnswer(ZSigningIdentityList, await call('GET', 'account/signing-identities', token));
    expect(identities.find((identity) => identity.active)!.subject).not.toContain(email);
    expect(identities.find((identity) => identity.id === legacy!.id)!.active).toBe(false);
  }, 30_000);
});
