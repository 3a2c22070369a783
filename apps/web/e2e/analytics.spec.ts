// The analytics screen against the real server: an empty account shows zeros and an empty state;
// after signing an asset and verifying it (intact and tampered) the cards, the events list and both
// charts show exactly those verifications; an event opens on what was found and where, and leads to
// a report; a failed load is logged and the screen stays up.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { TSignContentResponse } from '@provenance/contracts';
import { APP_URL, ASSET_URL, ASSETS, dataDir } from './support/e2e-env.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, shoot, signUpViaApi, test, useSession, VIEWPORTS, type TestSession } from './support/fixtures.ts';
import { makePng, tamperPng } from './support/png.ts';

/** Publishes bytes on the asset server (it serves whatever is in its folder) and returns the URL. */
function publish(name: string, bytes: Buffer): string {
  const dir = path.join(dataDir(), 'e2e-assets');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), bytes);
  return `${ASSET_URL}/${name}`;
}

async function signUpload(request: APIRequestContext, session: TestSession, title: string): Promise<TSignContentResponse> {
  const response = await request.post(`${APP_URL}/api/v1/sign-content`, {
    headers: { Authorization: `Bearer ${session.access_token}` },
    multipart: { file: { name: 'lighthouse.png', mimeType: 'image/png', buffer: makePng(240, 160) }, metadata: JSON.stringify({ creator: 'Ada Reporter', title }) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TSignContentResponse;
}

async function verifyUrl(request: APIRequestContext, session: TestSession, assetUrl: string): Promise<string> {
  const response = await request.post(`${APP_URL}/api/v1/verify-content`, { headers: { Authorization: `Bearer ${session.access_token}` }, data: { assetUrl } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { verification: { status: string } }).verification.status;
}

test('an empty account shows zeros and an empty state, never made-up totals', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'analytics-empty');
  await useSession(page, session);
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByTestId('stat-Manifests')).toHaveText('0');
  await expect(page.getByTestId('stat-Verifications')).toHaveText('0');
  await expect(page.getByTestId('stat-Verified')).toHaveText('—');
  await expect(page.getByTestId('stat-Today')).toHaveText('0');
  await expect(page.getByRole('heading', { name: 'No activity yet' })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/2,547,893|5,894,621|99\.9%/);
  await shoot(page, testInfo, 'analytics-empty-desktop');
  await page.getByRole('link', { name: 'Sign content' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing and verifying move the cards, the events list and both charts', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'analytics-data');
  const signed = await signUpload(request, session, 'Lighthouse at night');
  const signedBytes = Buffer.from(await (await request.get(signed.signedAssetUrl)).body());
  const stamp = Date.now();
  expect(await verifyUrl(request, session, publish(`analytics-${stamp}.png`, signedBytes))).toBe('verified');
  expect(await verifyUrl(request, session, publish(`analytics-${stamp}-tampered.png`, tamperPng(signedBytes)))).toBe('invalid');
  // A check the account runs of a file it did not sign counts apart from checks of its own content.
  expect(await verifyUrl(request, session, ASSETS.unsigned)).toBe('unsigned');

  await useSession(page, session);
  await page.goto('/analytics');
  await expect(page.getByTestId('stat-Manifests')).toHaveText('1');
  await expect(page.getByTestId('stat-Verifications')).toHaveText('2');
  await expect(page.getByTestId('stat-Verified')).toHaveText('50%');
  await expect(page.getByText('1 of 2 checks of your content verified')).toBeVisible();
  await expect(page.getByTestId('stat-You verified')).toHaveText('1');
  await expect(page.getByTestId('stat-Today')).toHaveText('3');

  // Recent events, newest first: the other file, the tampered copy, then the intact one; each with
  // its reason and whether it was the account's own content.
  const events = page.getByTestId('verification-event');
  await expect(events).toHaveCount(3);
  await expect(events.nth(0).locator('[data-status="unsigned"]')).toBeVisible();
  await expect(events.nth(0).getByTestId('event-kind')).toHaveText('Checked by you');
  await expect(events.nth(1).locator('[data-status="invalid"]')).toBeVisible();
  await expect(events.nth(1).getByTestId('event-kind')).toHaveText('Your content');
  await expect(events.nth(2).locator('[data-status="verified"]')).toBeVisible();
  await expect(events.nth(2)).toContainText('chains to this gateway’s own root');
  await expect(events.nth(1)).toContainText(signed.manifestId);
  await expect(events.first().locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);

  // Charts drawn from the data: today's stacked bar has verified, invalid and unsigned parts, and the
  // failure reasons chart names the tampering in red and the missing credentials in grey.
  const perDay = page.getByRole('figure', { name: 'Verifications per day' });
  await expect(perDay.locator('.recharts-bar-rectangle path, .recharts-bar-rectangle rect').first()).toBeVisible();
  expect(await perDay.locator('.recharts-bar-rectangle').count()).toBeGreaterThanOrEqual(2);
  const today = new Date().toISOString().slice(0, 10);
  await expect(perDay.locator('figcaption tbody tr')).toHaveCount(1);
  await expect(perDay.locator('figcaption tbody tr th')).toHaveText(today);
  const reasons = page.getByRole('figure', { name: 'Failure reasons' });
  await expect(reasons.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(reasons.locator('figcaption tbody tr')).toHaveCount(2);
  await expect(reasons.locator('figcaption tbody tr', { hasText: 'Invalid' }).locator('td').last()).toHaveText('1');
  await expect(reasons.locator('figcaption tbody tr', { hasText: 'Unsigned' }).locator('td').last()).toHaveText('1');
  const fills = await reasons.locator('.recharts-bar-rectangle path').evaluateAll((paths) => paths.map((p) => p.getAttribute('fill')));
  expect(fills.sort()).toEqual(['var(--destructive)', 'var(--muted-foreground)']);
  // Each bar's label names its verdict in words, not only in colour.
  await expect(reasons.locator('svg.recharts-surface').first()).toContainText('Invalid:');
  await expect(reasons.locator('svg.recharts-surface').first()).toContainText('Unsigned:');
  await shoot(page, testInfo, 'analytics-data-desktop');

  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await shoot(page, testInfo, 'analytics-data-dark-desktop');
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize(VIEWPORTS.phone);
  await expect(perDay.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shoot(page, testInfo, 'analytics-data-phone');
});

test('an event opens on what was found and where, and leads to a report of it', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'analytics-open');
  const signed = await signUpload(request, session, 'Harbour at dawn');
  const signedBytes = Buffer.from(await (await request.get(signed.signedAssetUrl)).body());
  const tampered = publish(`analytics-open-${Date.now()}-tampered.png`, tamperPng(signedBytes));
  // The address as verified carries a token: the event keeps where it points, not the token.
  expect(await verifyUrl(request, session, `${tampered}?token=s3cret`)).toBe('invalid');

  await useSession(page, session);
  await page.goto('/analytics');
  const event = page.getByTestId('verification-event').first();
  await expect(event.locator('[data-status="invalid"]')).toBeVisible();
  const open = event.getByRole('button', { name: /^Details/ });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const details = event.getByTestId('event-details');
  // What was found: the reason, who vouches for the signer and the organisation, in the report's words.
  await expect(details.getByRole('region', { name: 'What was found' })).toContainText('changed');
  await expect(details.getByTestId('event-trust')).toContainText('this gateway');
  await expect(details.getByTestId('event-organization')).toBeVisible();
  // Where: the address, without its query, and the time.
  await expect(details.getByTestId('event-address').locator('dd')).toHaveText(tampered);
  await expect(details.getByRole('region', { name: 'Where' }).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(details.getByRole('link', { name: 'Report of the signed original' })).toHaveAttribute('href', `/v/${encodeURIComponent(signed.manifestId)}`);
  await shoot(page, testInfo, 'analytics-event-open');
  await expectAccessible(page, 'analytics event opened', testInfo);

  await details.getByRole('link', { name: 'Verify this address again' }).click();
  await expect(page).toHaveURL(`/verify?url=${encodeURIComponent(tampered)}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'invalid', { timeout: 30_000 });
});

test('a failed load is logged and the screen stays up with a way to retry', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'analytics-fail');
  await useSession(page, session);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  let fail = true;
  await page.route('**/api/v1/analytics/summary', (route) => (fail ? route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Try again soon' } } }) : route.continue()));
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics are not available right now' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect.poll(() => logged.some((text) => text.includes('Analytics: the summary could not be loaded'))).toBe(true);
  await shoot(page, testInfo, 'analytics-unavailable-desktop');

  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('stat-Manifests')).toHaveText('0');
});
