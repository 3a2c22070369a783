// API Docs: the four tabs built from the server's OpenAPI document, and examples copied from the
// page (with the Copy button, through the clipboard) that succeed when run against this server.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { APP_URL, ASSETS } from './support/e2e-env.ts';
import { expect, shoot, signInViaApi, test, VIEWPORTS } from './support/fixtures.ts';

const run = promisify(execFile);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function copyExample(page: Page, endpoint: Locator, language: 'curl' | 'javascript'): Promise<string> {
  const block = endpoint.getByTestId(`example-${language}`);
  await block.getByRole('button', { name: /^Copy / }).click();
  await expect(block.getByText('Copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await block.locator('pre').innerText());
  return copied;
}

/** The environment of a copied example: this process's, without the colours Playwright forces. */
function exampleEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return env;
}

async function runShell(command: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('sh', ['-c', command], { env: exampleEnv(env), timeout: 30_000 });
  return stdout;
}

async function runJavaScript(code: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { env: exampleEnv(env), timeout: 30_000 });
  return stdout;
}

test('the four tabs, with endpoints from the server’s OpenAPI document', async ({ page, request }, testInfo) => {
  const doc = (await (await request.get(`${APP_URL}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  await page.goto('/docs');
  const tabs = page.getByRole('tablist', { name: 'API documentation sections' });
  for (const name of ['Overview', 'Sign Content', 'Verify', 'Analytics']) await expect(tabs.getByRole('tab', { name })).toBeVisible();
  await expect(page.getByText(`${APP_URL}/api/v1`, { exact: true })).toBeVisible();
  for (const path of Object.keys(doc.paths)) await expect(page.getByRole('cell', { name: path, exact: true }).first()).toBeVisible();

  await tabs.getByRole('tab', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\?tab=verify$/);
  const verify = page.locator('[data-endpoint="POST /verify-content"]');
  await expect(verify).toBeVisible();
  await expect(verify.getByRole('cell', { name: 'assetUrl', exact: true })).toBeVisible();
  await expect(verify.getByRole('cell', { name: 'verification.status', exact: true })).toBeVisible();
  await expect(verify.getByRole('cell', { name: 'badge.message', exact: true })).toBeVisible();
  await shoot(page, testInfo, 'docs-verify-desktop');

  for (const [name, slug] of [['Sign Content', 'sign'], ['Analytics', 'analytics']] as const) {
    await tabs.getByRole('tab', { name }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tab=${slug}$`));
    const panel = page.getByRole('tabpanel', { name });
    const none = panel.getByText(`This server does not publish any ${name} endpoints yet.`);
    // The panel renders after the URL changes: wait for its endpoints or its empty state before counting.
    await expect(panel.getByTestId('endpoint').or(none).first()).toBeVisible();
    if ((await panel.getByTestId('endpoint').count()) === 0) await expect(none).toBeVisible();
    else await shoot(page, testInfo, `docs-${slug}-desktop`);
  }
});

test('the verify examples, copied from the page, verify a real asset', async ({ page }) => {
  await page.goto('/docs?tab=verify');
  await page.getByLabel('Asset URL used in the examples').fill(ASSETS.verified);
  const verify = page.locator('[data-endpoint="POST /verify-content"]');

  const curl = await copyExample(page, verify, 'curl');
  expect(curl).toContain(`${APP_URL}/api/v1/verify-content`);
  const curlOut = JSON.parse(await runShell(curl)) as { verification: { status: string }; badge: { message: string } };
  expect(curlOut.verification.status).toBe('verified');

  const js = await copyExample(page, verify, 'javascript');
  const jsOut = await runJavaScript(js);
  expect(jsOut).toMatch(/^200 /);
  expect(jsOut).toContain("status: 'verified'");
});

test('an authenticated example works with an API key from the environment', async ({ page, request }) => {
  const session = await signInViaApi(request, 0);
  await page.goto('/docs');
  const whoAmI = page.locator('[data-endpoint="GET /auth/user"]');
  await expect(whoAmI.getByText('Authentication required:')).toBeVisible();
  const curl = await copyExample(page, whoAmI, 'curl');
  expect(curl).toContain('$PROVENANCE_API_KEY');
  const out = JSON.parse(await runShell(curl, { PROVENANCE_API_KEY: session.access_token })) as { user: { email: string } };
  expect(out.user.email).toBe(session.user.email);
  const js = await copyExample(page, whoAmI, 'javascript');
  expect(await runJavaScript(js, { PROVENANCE_API_KEY: session.access_token })).toMatch(/^200 /);
});

test('the documented sign and analytics calls succeed when the server offers them', async ({ page, request }) => {
  const session = await signInViaApi(request, 1);
  await page.goto('/docs?tab=sign');
  await page.getByLabel('Asset URL used in the examples').fill(ASSETS.unsigned);
  for (const tab of ['Sign Content', 'Analytics']) {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    // Calls on a resource of the reader's own (a path parameter such as {assetId}) need its real ID,
    // and adding a signing identity needs the reader's own certificate and key: the examples cannot.
    const posts = panel.locator('[data-endpoint^="POST "]:not([data-endpoint*="{"]):not([data-endpoint*="signing-identities"])');
    const count = await posts.count();
    if (count === 0) {
      await expect(panel.getByText(/does not publish any|GET /).first()).toBeVisible();
      continue;
    }
    for (let index = 0; index < count; index += 1) {
      const js = await copyExample(page, posts.nth(index), 'javascript');
      const out = await runJavaScript(js, { PROVENANCE_API_KEY: session.access_token });
      expect(out, `${await posts.nth(index).getAttribute('data-endpoint')}: ${out}`).toMatch(/^20\d /);
    }
  }
});

test.describe('phone', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('the docs read on a phone', async ({ page }, testInfo) => {
    await page.goto('/docs?tab=verify');
    await expect(page.locator('[data-endpoint="POST /verify-content"]')).toBeVisible();
    await shoot(page, testInfo, 'docs-verify-phone');
  });
});
