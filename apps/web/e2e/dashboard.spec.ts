// The signing dashboard as an account holder uses it, against the real server: a file picked on
// this device is uploaded and signed, the signed file downloaded and then verified by URL through
// the landing page's widget; an asset signed by URL; the missing-fields and nothing-to-share
// toasts; a failed signing; the stat cards and asset list moving; and each file's own verdict with
// the copies of it seen elsewhere apart. Screenshots at both sizes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { TVerifyResponse } from '@provenance/contracts';
import { APP_URL, ASSETS, ASSET_URL, dataDir } from './support/e2e-env.ts';
import { expectAccessible } from './support/axe.ts';
import { expect, shoot, signUpViaApi, test, testClientAddress, toast, useSession, VIEWPORTS } from './support/fixtures.ts';
import { corpusFile, hasCorpusFile, signThroughApi } from './support/gateway.ts';
import { makePng, tamperPng } from './support/png.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Where the asset server looks for files: a file saved here is served at ASSET_URL/<name>. */
function servedPath(name: string): string {
  const dir = path.join(dataDir(), 'e2e-assets');
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

function stat(page: Page, label: string) {
  return page.getByTestId(`stat-${label}`);
}

async function signForm(page: Page) {
  const form = page.getByRole('form', { name: 'Sign New Content' });
  await expect(form).toBeVisible();
  return form;
}

test('a picked file is uploaded and signed, downloaded, and verified through the landing widget', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'dash-upload');
  await useSession(page, session);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Dashboard' })).toBeVisible();
  // A new account: real zeros, no made-up totals.
  await expect(stat(page, 'Assets Signed')).toHaveText('0');
  await expect(stat(page, 'Verifications')).toHaveText('0');
  await expect(stat(page, 'Success Rate')).toHaveText('—');
  await expect(page.getByText('Nothing signed yet.')).toBeVisible();
  await shoot(page, testInfo, 'dashboard-empty-desktop');

  const form = await signForm(page);
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Pick File' }).click();
  await (await chooser).setFiles({ name: 'harbour-at-dawn.png', mimeType: 'image/png', buffer: makePng(320, 200) });
  await expect(toast(page, 'File Selected')).toContainText('harbour-at-dawn.png');
  await expect(form.getByRole('img', { name: 'Preview of harbour-at-dawn.png' })).toBeVisible();
  await expect(form.getByLabel('Asset URL')).toBeDisabled();

  await form.getByLabel('Creator Name').fill('Ada Reporter');
  await form.getByLabel('Title (optional)').fill('Harbour at dawn');
  await expect(form.getByLabel('License')).toHaveValue('All Rights Reserved');
  await form.getByLabel('Software agent (optional)').fill('Darkroom 4.2');
  await shoot(page, testInfo, 'dashboard-file-ready-desktop');

  // Hold the upload briefly so the busy state and its progress can be seen.
  await page.route('**/api/v1/sign-content', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(form.getByRole('button', { name: 'Signing...' })).toBeDisabled();
  await expect(form.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();

  await expect(toast(page, 'Content Signed Successfully!')).toContainText('urn:c2pa:');
  const result = page.getByTestId('sign-result');
  await expect(result).toContainText('Signed: Harbour at dawn');
  const manifestId = (await result.getByTestId('manifest-id').textContent())?.trim() ?? '';
  expect(manifestId).toMatch(/^urn:c2pa:[0-9a-f-]{36}$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(manifestId);
  await expect(result.locator('[data-status="verified"]')).toBeVisible();
  await expect(result).toContainText('TRUST: THIS GATEWAY ONLY');
  // What the manifest added, in bytes and percent, with why a small file shows more than 1%.
  await expect(result.getByTestId('overhead')).toHaveText(/manifest adds [\d.,]+ (B|KB) \([\d.,]+%\)/);
  await expect(result).toContainText('about 3 kB');

  // Every field resets, the license to its default, the preview cleared.
  await expect(form.getByLabel('Creator Name')).toHaveValue('');
  await expect(form.getByLabel('Title (optional)')).toHaveValue('');
  await expect(form.getByLabel('License')).toHaveValue('All Rights Reserved');
  await expect(form.getByRole('checkbox', { name: 'AI-assisted content' })).not.toBeChecked();
  await expect(form.getByRole('img', { name: /^Preview of/ })).toHaveCount(0);
  await expect(form.getByLabel('Asset URL')).toBeEnabled();
  await shoot(page, testInfo, 'dashboard-signed-desktop');

  // The signed file and the sidecar download.
  const download = page.waitForEvent('download');
  await result.getByRole('link', { name: 'Download signed file' }).click();
  const signedName = `dash-signed-${Date.now()}.png`;
  await (await download).saveAs(servedPath(signedName));
  const sidecar = await request.get(await result.getByRole('link', { name: 'Download .c2pa sidecar' }).getAttribute('href').then((href) => href ?? ''));
  expect(sidecar.status()).toBe(200);
  expect((await sidecar.body()).length).toBeGreaterThan(500);

  // The asset list shows it, newest first, with its thumbnail, status and verification count.
  const listed = page.getByTestId('signed-asset');
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText('Harbour at dawn');
  await expect(listed.first()).toContainText(manifestId);
  await expect(listed.first().locator('img')).toBeVisible();
  await expect(listed.first().locator('[data-status="verified"]')).toBeVisible();
  await expect(stat(page, 'Assets Signed')).toHaveText('1');
  const verificationsBefore = Number(await stat(page, 'Verifications').textContent());

  // Anyone can verify the downloaded file by its URL on the landing page.
  await page.goto('/#verify');
  const widget = page.locator('#verify');
  await widget.getByLabel('Image URL').fill(`${ASSET_URL}/${signedName}`);
  await widget.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Verification Complete')).toContainText('verified');
  const verdict = widget.getByTestId('verify-result');
  await expect(verdict.getByRole('heading', { name: 'Verified' })).toBeVisible();
  await expect(verdict).toContainText('THIS GATEWAY ONLY');

  // Back on the dashboard the figures have moved.
  await page.goto('/dashboard');
  await expect(stat(page, 'Verifications')).toHaveText(String(verificationsBefore + 1));
  await expect(stat(page, 'Success Rate')).toHaveText('100%');
  await expect(page.getByTestId('signed-asset').first().getByTestId('verification-count')).toHaveText(/[1-9]\d* verifications?/);
  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'dashboard-signed-phone');

  // Each asset leads to its readable report.
  await page.getByTestId('signed-asset').first().getByRole('link', { name: 'Report of Harbour at dawn' }).click();
  await expect(page).toHaveURL(`/v/${encodeURIComponent(manifestId)}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'verified', { timeout: 45_000 });
});

test('an asset is signed by URL with the AI flag, and its signed copy downloads', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'dash-url');
  await useSession(page, session);
  await page.goto('/dashboard');
  const form = await signForm(page);
  await form.getByLabel('Asset URL').fill(ASSETS.unsigned);
  await form.getByLabel('Creator Name').fill('Grace Editor');
  await form.getByLabel('Title (optional)').fill('Generated skyline');
  await form.getByLabel('License').fill('CC BY 4.0');
  await form.getByRole('checkbox', { name: 'AI-assisted content' }).check();
  await form.getByRole('button', { name: 'Sign Content' }).click();

  await expect(toast(page, 'Content Signed Successfully!')).toBeVisible();
  const result = page.getByTestId('sign-result');
  await expect(result).toContainText('Signed: Generated skyline');
  await expect(form.getByLabel('Asset URL')).toHaveValue('');
  await expect(form.getByLabel('License')).toHaveValue('All Rights Reserved');
  await expect(form.getByRole('checkbox', { name: 'AI-assisted content' })).not.toBeChecked();

  const download = page.waitForEvent('download');
  await result.getByRole('link', { name: 'Download signed file' }).click();
  const file = await download;
  const saved = servedPath(`dash-url-${Date.now()}.png`);
  await file.saveAs(saved);

  // The manifest the server keeps says what the form said, AI disclosure included.
  const manifestId = (await result.getByTestId('manifest-id').textContent())?.trim() ?? '';
  const report = await request.get(`${APP_URL}/api/v1/manifests/${encodeURIComponent(manifestId)}`);
  expect(report.status()).toBe(200);
  const body = (await report.json()) as { verification: { status: string; credentials: { creator: string | null; aiAssisted: boolean } }; report: { activeManifest: { license: string | null } | null } };
  expect(body.verification.status).toBe('verified');
  expect(body.verification.credentials.aiAssisted).toBe(true);
  expect(body.report.activeManifest?.license).toBe('CC BY 4.0');
  // The AI-assisted flag records AI-edited content, not AI-generated.
  const ai = (body as unknown as { report: { activeManifest: { aiDisclosure: string; digitalSourceTypes: string[] } } }).report.activeManifest;
  expect(ai.aiDisclosure).toBe('ai_edited');
  expect(ai.digitalSourceTypes).toEqual(['http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia']);

  await expect(page.getByTestId('signed-asset')).toHaveCount(1);

  // Share: this browser has no share sheet, so the link to the signed file goes to the clipboard,
  // and the share is counted in the asset's analytics.
  const tracked = page.waitForResponse((response) => response.url().endsWith('/api/v1/track-analytics') && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, 'Link copied')).toBeVisible();
  const shareEvent = await tracked;
  expect(shareEvent.status()).toBe(200);
  expect(((await shareEvent.json()) as { metrics: { share: number } }).metrics.share).toBe(1);
  const signedAssetUrl = await result.getByRole('link', { name: 'Download signed file' }).getAttribute('href');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(signedAssetUrl);
  await shoot(page, testInfo, 'dashboard-url-signed-desktop');
  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'dashboard-url-signed-phone');
});

test('missing fields, nothing to share, and a signing the server refuses', async ({ page, request }) => {
  const session = await signUpViaApi(request, 'dash-errors');
  await useSession(page, session);
  await page.goto('/dashboard');
  const form = await signForm(page);

  await form.getByRole('button', { name: 'Share' }).click();
  await expect(toast(page, 'Nothing to share')).toContainText('Please sign content first');

  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(toast(page, 'Missing information')).toContainText('Please provide asset URL and creator name');
  // Closed as a person would, so the next toast is the second click's own and not the first one
  // still on screen (toasts also expire by themselves, at a time a loaded machine makes uncertain).
  await toast(page, 'Missing information').getByRole('button', { name: 'Close toast' }).click();
  await expect(toast(page, 'Missing information')).toHaveCount(0);
  await form.getByLabel('Asset URL').fill(ASSETS.unsigned);
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(toast(page, 'Missing information')).toHaveCount(1);
  await form.getByLabel('Asset URL').fill('');
  await form.getByLabel('Creator Name').fill('Ada Reporter');
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(toast(page, 'Missing information').first()).toBeVisible();

  // The asset does not exist: the server's reason, and the form keeps what was typed.
  await form.getByLabel('Asset URL').fill(`${ASSET_URL}/no-such-photo.png`);
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(toast(page, 'Signing Failed')).toBeVisible();
  await expect(form.getByLabel('Creator Name')).toHaveValue('Ada Reporter');
  await expect(page.getByTestId('sign-result')).toHaveCount(0);

  // A server that cannot be reached: the product's own words.
  await page.route('**/api/v1/sign-content', (route) => route.abort());
  await form.getByLabel('Asset URL').fill(ASSETS.unsigned);
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(toast(page, 'Signing Failed').last()).toBeVisible();
});

test('a video is previewed, uploaded with progress and signed; it has no thumbnail, and says so with an icon', async ({ page, request }, testInfo) => {
  test.skip(!hasCorpusFile('c2pa-rs/video1_no_manifest.mp4'), '../shared/corpus/c2pa-rs/video1_no_manifest.mp4 is absent');
  const session = await signUpViaApi(request, 'dash-video');
  await useSession(page, session);
  await page.goto('/dashboard');
  const form = await signForm(page);
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Pick File' }).click();
  await (await chooser).setFiles({ name: 'river-crossing.mp4', mimeType: 'video/mp4', buffer: readFileSync(corpusFile('c2pa-rs/video1_no_manifest.mp4')) });
  await expect(toast(page, 'File Selected')).toContainText('river-crossing.mp4');
  const preview = form.locator('video[aria-label="Preview of river-crossing.mp4"]');
  await expect(preview).toBeVisible();
  await expect(form).toContainText('video/mp4');
  await form.getByLabel('Creator Name').fill('Video Desk');
  await page.route('**/api/v1/sign-content', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(form.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(toast(page, 'Content Signed Successfully!')).toBeVisible({ timeout: 30_000 });
  const result = page.getByTestId('sign-result');
  await expect(result.locator('[data-status="verified"]')).toBeVisible();
  await expect(result.getByRole('img', { name: 'Thumbnail of the signed file' })).toHaveCount(0);
  await expect(form.locator('video')).toHaveCount(0);
  const listed = page.getByTestId('signed-asset').first();
  await expect(listed).toContainText('video/mp4');
  await expect(listed.locator('img')).toHaveCount(0);
  await shoot(page, testInfo, 'dashboard-video-signed-desktop');
});

test('each signed file shows its own verdict, and copies of it seen elsewhere apart, opened from the keyboard', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'dash-copies');
  const original = makePng(300, 180);
  const signed = await signThroughApi(request, { name: 'pier.png', mimeType: 'image/png', buffer: original, metadata: { creator: 'Ada Reporter', title: 'Pier at noon' } }, 'dash-copies', session);

  // Someone else finds the picture without its credentials on another site and checks it by its URL;
  // a news page's reader checks a copy whose pixels were changed. Neither is the owner's file.
  const strippedName = `pier-stripped-${Date.now()}.png`;
  writeFileSync(servedPath(strippedName), original);
  const stripped = await request.post(`${APP_URL}/api/v1/verify-content`, { data: { assetUrl: `${ASSET_URL}/${strippedName}?token=not-for-the-owner` }, headers: { 'X-Forwarded-For': testClientAddress() } });
  expect(((await stripped.json()) as TVerifyResponse).recovery?.manifestId).toBe(signed.manifestId);
  const signedBytes = await (await request.get(signed.signedAssetUrl)).body();
  const tampered = await request.post(`${APP_URL}/api/v1/verify-content`, {
    multipart: { file: { name: 'pier.png', mimeType: 'image/png', buffer: tamperPng(signedBytes) } },
    headers: { origin: 'https://news.example', 'X-Forwarded-For': testClientAddress() },
  });
  expect(((await tampered.json()) as TVerifyResponse).verification.status).toBe('invalid');

  await useSession(page, session);
  await page.goto('/dashboard');
  const row = page.getByTestId('signed-asset').filter({ hasText: 'Pier at noon' });
  // The file's own verdict: still Verified, in the report's words for who vouches.
  const own = row.getByTestId('own-verdict');
  await expect(own.locator('[data-status="verified"]')).toBeVisible();
  await expect(own).toContainText(signed.verification.verification.trust.label);
  await expect(row.locator('[data-status="unsigned"], [data-status="invalid"]')).toHaveCount(0);

  // The copies, apart: a summary, opened from the keyboard to where and when.
  const summary = row.getByTestId('seen-elsewhere').locator('summary');
  await expect(summary).toHaveText('Seen elsewhere: stripped copy seen once, tampered copy seen once');
  await page.keyboard.press('Tab');
  for (let presses = 0; presses < 60 && !(await summary.evaluate((element) => element === document.activeElement)); presses += 1) await page.keyboard.press('Tab');
  await expect(summary).toBeFocused();
  await page.keyboard.press('Enter');
  const strippedCopies = row.getByRole('region', { name: 'Stripped copies' });
  await expect(strippedCopies.getByRole('link', { name: `${ASSET_URL}/${strippedName}` })).toBeVisible();
  await expect(strippedCopies).not.toContainText('not-for-the-owner');
  await expect(row.getByRole('region', { name: 'Tampered copies' })).toContainText('https://news.example');
  await expect(row.getByRole('region', { name: 'Tampered copies' }).locator('time')).toHaveCount(1);
  await shoot(page, testInfo, 'dashboard-seen-elsewhere-desktop');
  await expectAccessible(page, 'dashboard with copies seen elsewhere', testInfo);
});
