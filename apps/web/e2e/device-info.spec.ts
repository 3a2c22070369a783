// Device Information: device details read from the browser, battery, and the location with the
// browser's permission granted (emulated position) and refused; copy buttons through the clipboard.
import { expect, shoot, test, toast, VIEWPORTS } from './support/fixtures.ts';

const LONDON = { latitude: 51.5073512, longitude: -0.1277583, accuracy: 12.34 };

test.describe('location allowed', () => {
  test.use({ geolocation: LONDON, permissions: ['geolocation', 'clipboard-read', 'clipboard-write'] });

  test('shows the device, its battery and, on request, its location with copy buttons and a maps link', async ({ page, context }, testInfo) => {
    await page.goto('/device-info');
    await expect(page.getByRole('heading', { level: 1, name: 'Device Information' })).toBeVisible();

    const details = page.getByRole('region', { name: 'Device Details' });
    await expect(details.getByTestId('detail-platform')).toHaveText('Web');
    await expect(details.getByTestId('detail-model')).toHaveText(/Chrome \d+/);
    await expect(details.getByTestId('detail-manufacturer')).toHaveText('Google Inc.');
    await expect(details.getByTestId('detail-os-version')).toHaveText(/Linux/);
    await expect(details.getByTestId('detail-app-version')).toHaveText(/^\d+\.\d+\.\d+$/);
    await expect(details.getByTestId('detail-real-device')).toHaveText('Yes');

    // The Battery Status API's own answer: Chromium reports one; the card shows it as a whole percentage.
    const batteryRegion = page.getByRole('region', { name: 'Battery Status' });
    const reported = await page.evaluate(async () => {
      const nav = navigator as Navigator & { getBattery?: () => Promise<{ level: number; charging: boolean }> };
      if (!nav.getBattery) return null;
      const battery = await nav.getBattery();
      return { level: Math.round(battery.level * 100), charging: battery.charging };
    });
    if (reported) {
      await expect(batteryRegion.getByTestId('battery-level')).toHaveText(`${reported.level}%`);
      await expect(batteryRegion.getByRole('meter', { name: 'Battery level' })).toHaveAttribute('aria-valuenow', String(reported.level));
      await expect(batteryRegion.getByTestId('detail-charging')).toHaveText(reported.charging ? 'Yes' : 'No');
    } else {
      await expect(batteryRegion).toContainText('This device does not report its battery.');
    }

    const location = page.getByRole('region', { name: 'Location' });
    await expect(location.getByTestId('location-hint')).toHaveText('Click "Get Current Location" to retrieve your position');
    await shoot(page, testInfo, 'device-info-before-location-desktop');

    await location.getByRole('button', { name: 'Get Current Location' }).click();
    await expect(toast(page, 'Location Retrieved')).toContainText('Lat: 51.5074, Lng: -0.1278');
    await expect(location.getByTestId('detail-latitude')).toHaveText('51.507351');
    await expect(location.getByTestId('detail-longitude')).toHaveText('-0.127758');
    await expect(location.getByTestId('detail-accuracy')).toHaveText('12.3 m');
    await expect(location.getByTestId('detail-altitude')).toHaveCount(0);

    const clipboardText = (): Promise<string> => page.evaluate(() => navigator.clipboard.readText());
    await details.getByRole('button', { name: 'Copy platform' }).click();
    await expect.poll(clipboardText).toBe('web');
    await details.getByRole('button', { name: 'Copy model' }).click();
    await expect.poll(clipboardText).toMatch(/Chrome \d+/);
    await location.getByRole('button', { name: 'Copy latitude' }).click();
    await expect.poll(clipboardText).toBe('51.507351');
    await expect(location.getByRole('button', { name: 'Copy latitude' })).toContainText('Copied');
    await location.getByRole('button', { name: 'Copy longitude' }).click();
    await expect.poll(clipboardText).toBe('-0.127758');
    await shoot(page, testInfo, 'device-info-location-desktop');

    // The maps link opens in a new tab at the coordinates (Google itself is stubbed: no internet here).
    await context.route('https://www.google.com/maps/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Maps</title>' }));
    const maps = location.getByRole('link', { name: /View on Google Maps/ });
    await expect(maps).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([context.waitForEvent('page'), maps.click()]);
    expect(tab.url()).toBe('https://www.google.com/maps/search/?api=1&query=51.507351,-0.127758');
    await tab.close();
  });

  test.describe('phone', () => {
    test.use({ viewport: VIEWPORTS.phone });
    test('fits a phone screen', async ({ page }, testInfo) => {
      await page.goto('/device-info');
      await page.getByRole('button', { name: 'Get Current Location' }).click();
      await expect(page.getByTestId('detail-latitude')).toHaveText('51.507351');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shoot(page, testInfo, 'device-info-phone');
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(page.locator('html')).toHaveClass(/dark/);
      await shoot(page, testInfo, 'device-info-phone-dark');
    });
  });
});

test.describe('location refused', () => {
  test.use({ permissions: [] });

  test('says Location Error with the browser reason and keeps the hint', async ({ page, context }, testInfo) => {
    await context.clearPermissions();
    await page.goto('/device-info');
    const location = page.getByRole('region', { name: 'Location' });
    await location.getByRole('button', { name: 'Get Current Location' }).click();
    await expect(toast(page, 'Location Error')).toBeVisible();
    await expect(toast(page, 'Location Error')).toContainText(/denied/i);
    await expect(location.getByTestId('location-hint')).toContainText('Click "Get Current Location" to retrieve your position');
    await expect(location.getByTestId('detail-latitude')).toHaveCount(0);
    await shoot(page, testInfo, 'device-info-location-denied-desktop');
  });
});
