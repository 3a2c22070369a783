// Capture on the dashboard through the browser's camera (Chromium's fake camera stands in for a
// real one): 'Photo Captured', the preview, and the photo uploaded and signed with the device, the
// capture location and the mobile software agent in its manifest; then a camera the browser
// refuses gives 'Camera Error'. Screenshots at desktop and phone sizes.
import { APP_URL } from './support/e2e-env.ts';
import { expect, shoot, signUpViaApi, test, toast, useSession, VIEWPORTS } from './support/fixtures.ts';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
  permissions: ['camera', 'geolocation', 'clipboard-read', 'clipboard-write'],
  geolocation: { latitude: 51.507351, longitude: -0.127758, accuracy: 12 },
});

interface ManifestReport {
  verification: { status: string; credentials: { softwareAgent: string | null } };
  report: { activeManifest: { location: { latitude: string; longitude: string } | null; device: { make: string | null; model: string | null } | null } | null };
}

test('a photo captured with the camera is signed with its device, place and software agent', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'dash-capture');
  await useSession(page, session);
  await page.goto('/dashboard');
  const form = page.getByRole('form', { name: 'Sign New Content' });
  await form.getByRole('button', { name: 'Capture' }).click();
  // The browser's viewfinder: the person frames the shot and takes it.
  await page.getByRole('button', { name: 'Take Photo' }).click();
  await expect(toast(page, 'Photo Captured')).toBeVisible();
  const preview = form.getByRole('img', { name: /^Preview of photo-.*\.jpg$/ });
  await expect(preview).toBeVisible();
  await expect(form).toContainText('captured with the camera');
  // A photo taken here offers this device's location by default.
  await expect(form.getByRole('checkbox', { name: 'Include my location' })).toBeChecked();

  await form.getByLabel('Creator Name').fill('Field Reporter');
  await form.getByLabel('Title (optional)').fill('Street at noon');
  await shoot(page, testInfo, 'dashboard-captured-desktop');
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(toast(page, 'Content Signed Successfully!')).toBeVisible();
  const manifestId = (await page.getByTestId('manifest-id').textContent())?.trim() ?? '';
  await expect(form.getByRole('checkbox', { name: 'Include my location' })).not.toBeChecked();
  const result = page.getByTestId('sign-result');
  await expect(result).toContainText('Capture location');
  await expect(result).toContainText('51.507');
  await expect(result).toContainText(/Software agent\s*Provenance Gateway Mobile\//);

  const response = await request.get(`${APP_URL}/api/v1/manifests/${encodeURIComponent(manifestId)}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as ManifestReport;
  expect(body.verification.status).toBe('verified');
  expect(body.verification.credentials.softwareAgent).toMatch(/^Provenance Gateway Mobile\//);
  // Coarse by default: three decimals of the position the browser reported.
  expect(Number(body.report.activeManifest?.location?.latitude)).toBeCloseTo(51.507, 3);
  expect(Number(body.report.activeManifest?.location?.longitude)).toBeCloseTo(-0.128, 3);

  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'dashboard-captured-signed-phone');
});

test('a camera the browser refuses gives Camera Error', async ({ page, request }) => {
  const session = await signUpViaApi(request, 'dash-camera-denied');
  await useSession(page, session);
  // The person said no to the camera prompt.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto('/dashboard');
  await page.getByRole('form', { name: 'Sign New Content' }).getByRole('button', { name: 'Capture' }).click();
  await expect(toast(page, 'Camera Error')).toContainText('Unable to access camera');
  await expect(page.getByRole('img', { name: /^Preview of/ })).toHaveCount(0);
});
