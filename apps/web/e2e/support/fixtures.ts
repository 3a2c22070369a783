// Shared helpers of the specs: accounts made through the real API, a signed-in browser made from
// such a session, toast lookups, and screenshots attached to the test's results.
import { expect, test as base, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { APP_URL } from './e2e-env.ts';

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

export async function signUpViaApi(request: APIRequestContext, tag: string): Promise<TestSession> {
  const response = await request.post(`${APP_URL}/api/v1/auth/sign-up`, { data: { email: uniqueEmail(tag), password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(201);
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
