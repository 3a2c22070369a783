// Offline Mode: the badge at the bottom right and the toasts, driven by the browser's network
// emulation.
import { expect, shoot, test, toast, VIEWPORTS } from './support/fixtures.ts';

test('going offline shows the badge and a toast; coming back removes it', async ({ page, context }, testInfo) => {
  await page.goto('/docs');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);

  await context.setOffline(true);
  const badge = page.getByTestId('offline-badge');
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText('Offline Mode');
  await expect(toast(page, 'Offline')).toContainText('No internet connection');
  const box = await badge.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x + box.width > viewport.width - 40 && box.y + box.height > viewport.height - 40).toBe(true);
  await shoot(page, testInfo, 'offline-desktop');

  await context.setOffline(false);
  await expect(toast(page, 'Back Online')).toContainText('Connected via');
  await expect(badge).toHaveCount(0);
});

test.describe('phone', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('the badge shows on a phone', async ({ page, context }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.setOffline(true);
    await expect(page.getByTestId('offline-badge')).toBeVisible();
    await shoot(page, testInfo, 'offline-phone');
    await context.setOffline(false);
    await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  });
});
