// An organisation name over real HTTP: a fresh account calling itself "Reuters" signs, and its
// identity certificate names it self-declared (no organisation-verified policy); the account sets its
// domain and asks for a confirmation mail, which the real SMTP test server receives; confirming the
// link's token verifies the name, and the identity the account signs with next carries the policy
// and the domain. (Issue 32: the claim itself is signed by the installation's product certificate;
// the report and badge words about the organisation come from its CAWG identity: cawg branch.) Wrong, reused and expired tokens are refused, a NUL in
// the name is a 400 naming the field, and a new name drops the verification.
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { ZOrganizationConfirmationSent, ZOrganizationResponse, ZSignContentResponse, ZVerifyResponse, type TSignContentResponse, type TVerifyResponse } from '@provenance/contracts';
import { localPki } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import * as x509 from '@peculiar/x509';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { organizationConfirmations } from '../../db/schema/index.ts';
import { createFileAssetStore } from '../../services/assets/asset-store.ts';
import { createSmtpMailer } from '../../services/email/mailer.ts';
import { createEngine } from '../../services/engine/engine.ts';
import { sha256Hex } from '../../services/tokens/opaque-tokens.ts';
import { TEST_MAX_ASSET_BYTES } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { signUpOverHttp, signUpTokenFromSmtp } from '../../testing/sign-up-mail.ts';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';

describe('an organisation name is self-declared until an address at its domain confirms it', () => {
  let database: DbHandle;
  let engine: Awaited<ReturnType<typeof createEngine>>;
  let server: TestServer;
  let smtp: SmtpTestServer;
  let listening: ServerType;
  let api: string;
  let image: Uint8Array;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pg-organization-'));
    database = await openTestDatabase('pglite');
    smtp = await startSmtpTestServer();
    engine = await createEngine({ pkiDir: path.join(dir, 'pki'), trustAnchorFiles: [], bundledTrustLists: false });
    server = await createTestServer(database, {
      engine,
      store: createFileAssetStore(path.join(dir, 'assets')),
      config: { maxAssetBytes: TEST_MAX_ASSET_BYTES },
      email: { mailer: createSmtpMailer(smtp.url), from: 'Provenance Gateway <no-reply@gateway.example>', pollingIntervalSeconds: 0.5 },
    });
    await new Promise<void>((ready) => {
      listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
    });
    api = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/v1`;
    image = await makeImage('jpeg', 240, 160);
  }, 60_000);
  afterAll(async () => {
    await new Promise((closed) => listening?.close(closed));
    await engine?.close();
    await server?.close();
    await smtp?.close();
    await database?.close();
  });

  const call = (method: string, route: string, body?: unknown, token?: string): Promise<Response> =>
    fetch(`${api}/${route}`, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const errorOf = async (response: Response): Promise<{ status: number; code: string; message: string }> => {
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    return { status: response.status, ...error };
  };
  // Waits for the confirmation mail itself, so it is not taken for a later mail.
  const signUp = async (): Promise<string> =>
    (await signUpOverHttp(api, `org-${crypto.randomUUID()}@example.com`, 'secret-123-org', (email) => signUpTokenFromSmtp(smtp, email))).access_token;
  const sign = async (token: string): Promise<TSignContentResponse> => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(image)]), 'photo.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    return readAnswer(ZSignContentResponse, await fetch(`${api}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
  };
  /** Verifies the signed file as anyone would: downloaded, then sent to POST /verify-content. */
  const verifySigned = async (signed: TSignContentResponse): Promise<TVerifyResponse> => {
    const bytes = new Uint8Array(await (await fetch(`${api.replace(/\/api\/v1$/, '')}${new URL(signed.signedAssetUrl).pathname}`)).arrayBuffer());
    return readAnswer(ZVerifyResponse, await fetch(`${api}/verify-content`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: bytes }));
  };
  /**
   * What the account's active identity certificate says of its organisation (issue 32: the claim is
   * signed by the installation's product certificate; the organisation, and whether the gateway
   * verified it, is the identity's, which the CAWG identity assertion carries: cawg branch).
   */
  const identityOf = async (token: string): Promise<{ organization: string; organizationVerified: boolean; organizationDomain: string | null }> => {
    const identities = (await (await call('GET', 'account/signing-identities', undefined, token)).json()) as { active: boolean; certificateChain: string }[];
    const leaf = new x509.X509Certificate(identities.find((identity) => identity.active)!.certificateChain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)![0]);
    // @peculiar/x509 reads the UUID OID's large arc back as hex: compared in the form it reads.
    const policyAsRead = new x509.CertificatePolicyExtension(new x509.CertificatePolicyExtension([localPki.organizationVerifiedPolicy]).rawData).policies[0]!;
    const verified = leaf.getExtension(x509.CertificatePolicyExtension)?.policies.includes(policyAsRead) ?? false;
    const dns = leaf.getExtension(x509.SubjectAlternativeNameExtension)?.names.items.find((name) => name.type === 'dns')?.value ?? null;
    return { organization: leaf.subjectName.getField('O').join(), organizationVerified: verified, organizationDomain: dns };
  };
  /** The token of the newest confirmation mail the SMTP server received for `to`. */
  const mailedToken = async (to: string, count: number): Promise<string> => {
    const messages = (await smtp.waitFor(smtp.messages.length + 1, 20_000)).filter((message) => message.envelope.to.includes(to));
    expect(messages).toHaveLength(count);
    const text = messages.at(-1)!.parsed.text ?? '';
    const link = text.match(/https?:\/\/\S+confirm-organization=\S+/)?.[0];
    expect(link, text).toBeDefined();
    return new URL(link!).searchParams.get('confirm-organization')!;
  };

  it('reads self-declared, then verified once an address at the domain confirms it; the token works once', async () => {
    const token = await signUp();
    const named = await readAnswer(ZOrganizationResponse, await call('PUT', 'account/organization', { name: 'Reuters' }, token));
    expect(named).toMatchObject({ name: 'Reuters', domain: null, verified: false });

    // Signed under the gateway's root, but nobody checked the name.
    const signedBefore = await sign(token);
    const before = await verifySigned(signedBefore);
    expect(before.verification).toMatchObject({ status: 'verified', trust: { tier: 'gateway' } });
    expect(await identityOf(token)).toEqual({ organization: 'Reuters', organizationVerified: false, organizationDomain: null });

    // Confirming needs a domain, and an address at it.
    expect(await errorOf(await call('POST', 'account/organization/confirmation', { email: 'desk@reuters.com' }, token))).toMatchObject({ status: 409, code: 'organization_domain_not_set' });
    expect(await readAnswer(ZOrganizationResponse, await call('PUT', 'account/organization', { name: 'Reuters', domain: 'Reuters.com' }, token))).toMatchObject({ domain: 'reuters.com', verified: false });
    expect(await errorOf(await call('POST', 'account/organization/confirmation', { email: 'me@evil.example' }, token))).toMatchObject({ status: 400, code: 'email_not_at_domain' });

    const sent = await readAnswer(ZOrganizationConfirmationSent, await call('POST', 'account/organization/confirmation', { email: 'desk@reuters.com' }, token));
    expect(sent.sentTo).toBe('desk@reuters.com');
    const confirmation = await mailedToken('desk@reuters.com', 1);
    expect(smtp.messages.at(-1)!.parsed.subject).toContain('Reuters (self-declared, not verified)');

    // A wrong token changes nothing.
    expect(await errorOf(await call('POST', 'account/organization/confirm', { token: `${confirmation}x` }))).toMatchObject({ status: 400, code: 'invalid_confirmation_token' });
    expect(await readAnswer(ZOrganizationResponse, await call('GET', 'account/organization', undefined, token))).toMatchObject({ verified: false });

    const confirmed = await readAnswer(ZOrganizationResponse, await call('POST', 'account/organization/confirm', { token: confirmation }));
    expect(confirmed).toMatchObject({ name: 'Reuters', domain: 'reuters.com', verified: true, verifiedEmail: 'desk@reuters.com' });
    // Used once.
    expect(await errorOf(await call('POST', 'account/organization/confirm', { token: confirmation }))).toMatchObject({ status: 400, code: 'invalid_confirmation_token' });

    const identityBefore = await identityOf(token);
    const after = await verifySigned(await sign(token));
    expect(after.verification.status).toBe('verified');
    // The domain where it was verified is named with it, so a name verified at an unrelated domain shows that domain.
    expect(await identityOf(token)).toEqual({ organization: 'Reuters', organizationVerified: true, organizationDomain: 'reuters.com' });
    // What was signed before the confirmation stays self-declared: its identity was issued then.
    expect(identityBefore.organizationVerified).toBe(false);

    // A new name drops the verification, and what is signed next says so.
    expect(await readAnswer(ZOrganizationResponse, await call('PUT', 'account/organization', { name: 'Reuters News Agency' }, token))).toMatchObject({ verified: false, domain: 'reuters.com' });
    await sign(token);
    expect(await identityOf(token)).toMatchObject({ organization: 'Reuters News Agency', organizationVerified: false });
  }, 60_000);

  it('refuses an expired token, and a token whose organisation changed since the mail', async () => {
    const token = await signUp();
    await readAnswer(ZOrganizationResponse, await call('PUT', 'account/organization', { name: 'Daily Planet', domain: 'dailyplanet.example' }, token));
    await readAnswer(ZOrganizationConfirmationSent, await call('POST', 'account/organization/confirmation', { email: 'lois@dailyplanet.example' }, token));
    const expired = await mailedToken('lois@dailyplanet.example', 1);
    // A day has passed for this link.
    await database.db.update(organizationConfirmations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(organizationConfirmations.tokenHash, sha256Hex(expired)));
    expect(await errorOf(await call('POST', 'account/organization/confirm', { token: expired }))).toMatchObject({ status: 400, code: 'invalid_confirmation_token' });

    await readAnswer(ZOrganizationConfirmationSent, await call('POST', 'account/organization/confirmation', { email: 'lois@dailyplanet.example' }, token));
    const stale = await mailedToken('lois@dailyplanet.example', 2);
    await readAnswer(ZOrganizationResponse, await call('PUT', 'account/organization', { name: 'Daily Bugle' }, token));
    expect(await errorOf(await call('POST', 'account/organization/confirm', { token: stale }))).toMatchObject({ status: 409, code: 'organization_changed' });
    expect(await readAnswer(ZOrganizationResponse, await call('GET', 'account/organization', undefined, token))).toMatchObject({ name: 'Daily Bugle', verified: false });
  }, 60_000);

  it('answers a NUL in the organisation name, a domain that is not one and a NUL in a token with a 400 naming the field', async () => {
    const token = await signUp();
    const refused = await errorOf(await call('PUT', 'account/organization', { name: 'Reu\u0000ters' }, token));
    expect(refused.status).toBe(400);
    expect(refused.message).toContain('name');
    const badDomain = await errorOf(await call('PUT', 'account/organization', { name: 'Reuters', domain: 'reuters.com/\u0000' }, token));
    expect(badDomain.status).toBe(400);
    expect(badDomain.message).toContain('domain');
    expect(await errorOf(await call('POST', 'account/organization/confirm', { token: 'a\u0000b' }))).toMatchObject({ status: 400, message: expect.stringContaining('token') });
  });
});
