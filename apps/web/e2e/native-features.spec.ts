// Native Platform Features (/security) in a browser: network detection following the browser's
// offline emulation, status bar requests logged as unavailable, haptics, app lifecycle and info,
// and the action sheet.
import { expect, shoot, test, toast, VIEWPORTS } from './support/fixtures.ts';

test('network, status bar, haptics, app lifecycle and action sheet work as a browser allows', async ({ page, context }, testInfo) => {
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await page.goto('/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Native Platform Features' })).toBeVisible();

  // Network Detection follows the connection and re-reads it on request.
  const network = page.getByRole('region', { name: 'Network Detection' });
  await expect(network.getByTestId('network-status')).toHaveText('Connected');
  await expect(network.getByTestId('network-type')).not.toHaveText('None');
  await context.setOffline(true);
  await expect(network.getByTestId('network-status')).toHaveText('Offline');
  await expect(network.getByTestId('network-type')).toHaveText('None');
  await expect(page.getByTestId('offline-indicator')).toBeVisible();
  await network.getByRole('button', { name: 'Refresh Status' }).click();
  await expect(network.getByTestId('network-status')).toHaveText('Offline');
  await shoot(page, testInfo, 'native-features-offline-desktop');
  await context.setOffline(false);
  await expect(network.getByTestId('network-status')).toHaveText('Connected');
  await expect(toast(page, 'Back Online')).toBeVisible();
  await network.getByRole('button', { name: 'Refresh Status' }).click();
  await expect(network.getByTestId('network-status')).toHaveText('Connected');

  // Status Bar Control: starts blue; a browser has no status bar, so each request is logged.
  const bar = page.getByRole('region', { name: 'Status Bar Control' });
  await expect(bar.getByTestId('status-bar-colour')).toHaveText('Blue');
  await expect(bar.getByRole('button', { name: 'Blue' })).toHaveAttribute('aria-pressed', 'true');
  for (const colour of ['Red', 'Green', 'Yellow']) {
    const before = logs.filter((line) => line.includes('Status bar not available')).length;
    await bar.getByRole('button', { name: colour }).click();
    await expect.poll(() => logs.filter((line) => line.includes('Status bar not available')).length).toBe(before + 1);
  }
  expect(logs.some((line) => line.includes('Status bar not available on the web'))).toBe(true);
  await expect(bar.getByTestId('status-bar-colour')).toHaveText('Blue');

  // Haptic Feedback: the three strengths reach the browser's Vibration API.
  const haptics = page.getByRole('region', { name: 'Haptic Feedback' });
  for (const strength of ['Light', 'Medium', 'Heavy']) {
    await haptics.getByRole('button', { name: strength }).click();
    await expect(haptics.getByTestId('haptics-result')).toContainText(`${strength} impact`);
  }

  // App Lifecycle: active while the page is in front; background when the page is hidden.
  const lifecycle = page.getByRole('region', { name: 'App Lifecycle' });
  await expect(lifecycle.getByTestId('app-state')).toHaveText('active');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(lifecycle.getByTestId('app-state')).toHaveText('background');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect(lifecycle.getByTestId('app-state')).toHaveText('active');
  await lifecycle.getByRole('button', { name: 'Get App Info' }).click();
  await expect(toast(page, 'App Info')).toContainText(/Provenance Gateway \d+\.\d+\.\d+ \(build web\)/);
  await expect(lifecycle.getByTestId('app-info')).toContainText('Provenance Gateway');
  await shoot(page, testInfo, 'native-features-desktop');

  // Native Action Sheet: a modal sheet; Escape dismisses it, a choice goes there.
  const sheetCard = page.getByRole('region', { name: 'Native Action Sheet' });
  await sheetCard.getByRole('button', { name: 'Show Actions' }).click();
  const sheet = page.getByRole('dialog', { name: 'Choose an action' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button')).toHaveText(['Sign New Content', 'Verify Content', 'View Device Info', 'Cancel']);
  await expect(sheet.getByRole('button', { name: 'Sign New Content' })).toBeFocused();
  await shoot(page, testInfo, 'native-features-action-sheet-desktop');
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(sheetCard.getByTestId('action-sheet-result')).toHaveText('Last choice: Dismissed');
  await sheetCard.getByRole('button', { name: 'Show Actions' }).click();
  await page.getByRole('dialog', { name: 'Choose an action' }).getByRole('button', { name: 'View Device Info' }).click();
  await expect(page).toHaveURL(/\/device-info$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Device Information' })).toBeVisible();
});

test.describe('phone', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('the features stack on a phone and the action sheet rises from the bottom', async ({ page }, testInfo) => {
    await page.goto('/security');
    await expect(page.getByRole('region', { name: 'Native Action Sheet' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, testInfo, 'native-features-phone');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await shoot(page, testInfo, 'native-features-phone-dark');
    await page.getByRole('button', { name: 'Show Actions' }).click();
    const sheet = page.getByRole('dialog', { name: 'Choose an action' });
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    expect(box && box.y + box.height).toBeGreaterThan(VIEWPORTS.phone.height - 4);
    await page.screenshot({ path: testInfo.outputPath('native-features-action-sheet-phone.png') });
    await sheet.getByRole('button', { name: 'Cancel' }).click();
    await expect(sheet).toHaveCount(0);
  });
});
