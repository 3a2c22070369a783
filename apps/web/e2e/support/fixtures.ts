// Shared helpers of the specs: accounts made through the real API (confirmed by the link of their mail), a signed-in browser made from
// such a session, toast lookups, and screenshots attached to the test's results.
import { expect, test as base, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ACCOUNTS_FILE, APP_URL } from './e2e-env.ts';
import { confirmationLink, tokenOfLink } from './mail.ts';

export interface TestSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string; email: string; is_demo: boolean };
}

export const PASSWORD = 'correct horse battery';

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/**
 * A client address for one API call made on behalf of a test. The e2e server trusts
 * X-Forwarded-For (TRUST_PROXY, as it would behind a real proxy), so set-up calls each look like
 * a different client, as they would be in real life, instead of all counting against the
 * per-address sign-up and sign-in limits of 127.0.0.1. Addresses are from the benchmarking
 * range 198.18.0.0/15, which is never a real client.
 */
export function testClientAddress(): string {
  return `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
}

/** A fresh account, confirmed by its mail; it signs under `organization` (null: none yet, so its first signing asks for it). */
export async function signUpViaApi(request: APIRequestContext, tag: string, organization: string | null = TEST_ORGANIZATION): Promise<TestSession> {
  const email = uniqueEmail(tag);
  const response = await request.post(`${APP_URL}/api/v1/auth/sign-up`, {
    data: { email, password: PASSWORD },
    headers: { 'X-Forwarded-For': testClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(202);
  const session = await confirmSignUpViaMail(request, email);
  if (organization !== null) await nameOrganizationViaApi(request, session.access_token, organization);
  return session;
}

/** Follows the confirmation link mailed to `email` through the real POST /auth/confirm-sign-up: the new account's session. */
export async function confirmSignUpViaMail(request: APIRequestContext, email: string): Promise<TestSession> {
  const confirmed = await request.post(`${APP_URL}/api/v1/auth/confirm-sign-up`, { data: { token: tokenOfLink(await confirmationLink(email)) } });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  return ((await confirmed.json()) as { session: TestSession }).session;
}

/** The name the specs' accounts sign under: a fresh account has none, and could not sign without giving one. */
export const TEST_ORGANIZATION = 'E2E Newsroom';

/** Sets the name an account signs under, as Settings does (PUT /account/organization). */
export async function nameOrganizationViaApi(request: APIRequestContext, accessToken: string, name = TEST_ORGANIZATION): Promise<void> {
  const response = await request.put(`${APP_URL}/api/v1/account/organization`, { data: { name }, headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.status(), await response.text()).toBe(200);
}

export interface SharedAccount {
  email: string;
  password: string;
}

/** One of the accounts global-setup.ts created (0, 1 or 2). */
export function sharedAccount(index: number): SharedAccount {
  const accounts = JSON.parse(readFileSync(ACCOUNTS_FILE(), 'utf8')) as SharedAccount[];
  const account = accounts[index % accounts.length];
  if (!account) throw new Error('No shared test accounts; did global setup run?');
  return account;
}

/** A fresh session of a shared account, through the real sign-in endpoint. */
export async function signInViaApi(request: APIRequestContext, index: number): Promise<TestSession> {
  const account = sharedAccount(index);
  const response = await request.post(`${APP_URL}/api/v1/auth/sign-in`, { data: account, headers: { 'X-Forwarded-For': testClientAddress() } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { session: TestSession }).session;
}

/** Puts a session where the app keeps it, before any page script runs. */
export async function useSession(page: Page, session: TestSession): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('provenance.session', value), JSON.stringify(session));
}

/** The toast (sonner) whose title is `title`. */
export function toast(page: Page, title: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** A full-page screenshot in the test's output folder, attached to the report for reviewers. */
export async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Let lazy chunks, fonts and entrance animations settle so the picture shows the finished screen.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(150);
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

export const test = base;
export { expect };
