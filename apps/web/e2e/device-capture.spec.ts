// Signing from the device: a photo taken with the camera (Chromium's fake camera stream) on the
// dashboard is signed with this device's details, its coarsened location and the mobile software
// agent, then verified by the gateway from the signed file's own bytes. With location refused,
// the photo is still signed, without a location.
import type { APIRequestContext, Page } from '@playwright/test';
import type { TSignedAssetList, TVerifyResponse } from '@provenance/contracts';
import { APP_URL } from './support/e2e-env.ts';
import { expect, shoot, signUpViaApi, test, toast, useSession, VIEWPORTS, type TestSession } from './support/fixtures.ts';

const LONDON = { latitude: 51.5073512, longitude: -0.1277583, accuracy: 9.5 };

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

async function captureAndSign(page: Page, creator: string, title: string, onViewfinder?: () => Promise<void>): Promise<void> {
  await page.goto('/dashboard');
  const panel = page.getByRole('form', { name: 'Sign New Content' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Capture' }).click();
  // The browser camera opens a viewfinder on the live stream; the photo is the frame at the shutter.
  const viewfinder = page.getByRole('dialog', { name: 'Take a photo' });
  await expect(viewfinder.getByLabel('Camera preview')).toBeVisible();
  await expect(viewfinder.getByRole('button', { name: 'Take Photo' })).toBeFocused();
  await onViewfinder?.();
  await viewfinder.getByRole('button', { name: 'Take Photo' }).click();
  await expect(viewfinder).toHaveCount(0);
  await expect(toast(page, 'Photo Captured')).toBeVisible();
  await expect(panel.getByRole('checkbox', { name: 'Include my location' })).toBeChecked();
  await panel.getByLabel('Creator Name').fill(creator);
  await panel.getByLabel('Title (optional)').fill(title);
}

async function newestAsset(request: APIRequestContext, session: TestSession): Promise<TSignedAssetList['assets'][number]> {
  const response = await request.get(`${APP_URL}/api/v1/assets`, { headers: { Authorization: `Bearer ${session.access_token}` } });
  expect(response.status()).toBe(200);
  const [asset] = ((await response.json()) as TSignedAssetList).assets;
  if (!asset) throw new Error('The signed photo is not in the account');
  return asset;
}

/** Downloads the signed file and has the gateway verify those bytes, as a third party would. */
async function verifySignedFile(request: APIRequestContext, signedAssetUrl: string): Promise<TVerifyResponse> {
  const download = await request.get(signedAssetUrl);
  expect(download.status()).toBe(200);
  const bytes = await download.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const response = await request.post(`${APP_URL}/api/v1/verify-content`, { multipart: { file: { name: 'captured.jpg', mimeType: 'image/jpeg', buffer: bytes } } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TVerifyResponse;
}

test.describe('location allowed', () => {
  test.use({ geolocation: LONDON, permissions: ['geolocation', 'clipboard-read', 'clipboard-write'] });

  test('a captured photo is signed with device details, a coarsened location and the mobile agent, then verified', async ({ page, request }, testInfo) => {
    const session = await signUpViaApi(request, 'capture');
    await useSession(page, session);
    await captureAndSign(page, 'Field Reporter', 'Camera capture', () => shoot(page, testInfo, 'device-capture-viewfinder-desktop'));
    await expect(page.getByRole('img', { name: /preview/i }).first()).toBeVisible();
    await shoot(page, testInfo, 'device-capture-preview-desktop');

    await page.getByRole('button', { name: 'Sign Content' }).click();
    await expect(toast(page, 'Content Signed Successfully!')).toBeVisible({ timeout: 30_000 });
    const result = page.getByTestId('sign-result');
    await expect(result).toBeVisible();
    const manifestId = (await result.getByTestId('manifest-id').textContent()) ?? '';
    expect(manifestId).toMatch(/^urn:c2pa:/);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(manifestId);
    await shoot(page, testInfo, 'device-capture-signed-desktop');

    const asset = await newestAsset(request, session);
    expect(asset.manifestId).toBe(manifestId);
    expect(asset.mime).toBe('image/jpeg');
    const verified = await verifySignedFile(request, asset.signedAssetUrl);
    expect(verified.verification.status).toBe('verified');
    expect(verified.verification.credentials.creator).toBe('Field Reporter');
    expect(verified.verification.credentials.softwareAgent).toMatch(/^Provenance Gateway Mobile\/\d+\.\d+\.\d+$/);
    const manifest = verified.report.activeManifest;
    expect(manifest?.title).toBe('Camera capture');
    // 3 decimals: the precise position never leaves the device unless the person asks for it.
    expect(manifest?.location).toEqual({ latitude: '51.507', longitude: '-0.128' });
    expect(manifest?.device?.make).toBe('Google Inc.');
    expect(manifest?.device?.model).toMatch(/Chrome \d+/);
    expect(manifest?.actions.some((action) => action.softwareAgent?.startsWith('Provenance Gateway Mobile/'))).toBe(true);
  });

  test('with precise location chosen on Device Information, the exact position is signed', async ({ page, request }) => {
    const session = await signUpViaApi(request, 'capture-precise');
    await useSession(page, session);
    await page.goto('/device-info');
    const precise = page.getByRole('switch', { name: 'Precise location in signed photos' });
    await expect(precise).not.toBeChecked();
    await precise.check();
    await captureAndSign(page, 'Field Reporter', 'Precise capture');
    await page.getByRole('button', { name: 'Sign Content' }).click();
    await expect(toast(page, 'Content Signed Successfully!')).toBeVisible({ timeout: 30_000 });

    const verified = await verifySignedFile(request, (await newestAsset(request, session)).signedAssetUrl);
    expect(verified.verification.status).toBe('verified');
    expect(verified.report.activeManifest?.location).toEqual({ latitude: String(LONDON.latitude), longitude: String(LONDON.longitude) });
  });

  test.describe('phone', () => {
    test.use({ viewport: VIEWPORTS.phone });
    test('capturing on a phone shows the photo ready to sign; closing the viewfinder takes nothing', async ({ page, request }, testInfo) => {
      await useSession(page, await signUpViaApi(request, 'capture-phone'));
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Capture' }).click();
      const viewfinder = page.getByRole('dialog', { name: 'Take a photo' });
      await expect(viewfinder.getByLabel('Camera preview')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('device-capture-viewfinder-phone.png') });
      await viewfinder.getByRole('button', { name: 'Cancel' }).click();
      await expect(viewfinder).toHaveCount(0);
      await expect(toast(page, 'Camera Error')).toHaveCount(0);
      await expect(toast(page, 'Photo Captured')).toHaveCount(0);

      await captureAndSign(page, 'Field Reporter', 'Phone capture');
      await shoot(page, testInfo, 'device-capture-preview-phone');
    });
  });
});

test.describe('location refused', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the photo is still signed, with the device but without a location', async ({ page, request, context }) => {
    await context.clearPermissions();
    const session = await signUpViaApi(request, 'capture-noloc');
    await useSession(page, session);
    await captureAndSign(page, 'Field Reporter', 'No location');
    await page.getByRole('button', { name: 'Sign Content' }).click();
    await expect(toast(page, 'Content Signed Successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(toast(page, 'Location Error')).toHaveCount(0);

    const asset = await newestAsset(request, session);
    const verified = await verifySignedFile(request, asset.signedAssetUrl);
    expect(verified.verification.status).toBe('verified');
    expect(verified.report.activeManifest?.location).toBeNull();
    expect(verified.report.activeManifest?.device?.model).toMatch(/Chrome \d+/);
    expect(verified.verification.credentials.softwareAgent).toMatch(/^Provenance Gateway Mobile\//);
  });
});
