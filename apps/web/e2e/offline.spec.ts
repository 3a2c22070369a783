// Offline Mode: the indicator at the bottom right and the toasts, driven by the browser's network
// emulation.
import { expect, shoot, test, toast, VIEWPORTS } from './support/fixtures.ts';

test('going offline shows the indicator and a toast; coming back removes it', async ({ page, context }, testInfo) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);

  await context.setOffline(true);
  const indicator = page.getByTestId('offline-indicator');
  await expect(indicator).toBeVisible();
  await expect(indicator).toHaveText('Offline Mode');
  await expect(toast(page, 'Offline')).toContainText('No internet connection');
  const box = await indicator.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x + box.width > viewport.width - 40 && box.y + box.height > viewport.height - 40).toBe(true);
  await shoot(page, testInfo, 'offline-desktop');

  await context.setOffline(false);
  await expect(toast(page, 'Back Online')).toContainText('Connected via');
  await expect(indicator).toHaveCount(0);
});

test.describe('phone', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('the indicator shows on a phone', async ({ page, context }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('offline-indicator')).toBeVisible();
    await shoot(page, testInfo, 'offline-phone');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-indicator')).toHaveCount(0);
  });
});
