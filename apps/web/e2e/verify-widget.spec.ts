// The landing page's live verify widget against the real verify endpoint, on assets served by the
// test: one signed by the engine with the run's trusted PKI, the same one tampered with, and an
// unsigned one; plus the empty-URL toast.
import { ASSETS } from './support/e2e-env.ts';
import { expect, shoot, test, toast, VIEWPORTS } from './support/fixtures.ts';
import type { Page } from '@playwright/test';

async function verify(page: Page, url: string) {
  await page.goto('/#verify');
  const widget = page.locator('#verify');
  await widget.getByLabel('Image URL').fill(url);
  await widget.getByRole('button', { name: 'Verify' }).click();
  return widget.getByTestId('verify-result');
}

test('an empty URL asks for one', async ({ page }) => {
  await page.goto('/');
  await page.locator('#verify').getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page, 'Image URL required')).toContainText('Please enter an image URL to verify');
  await expect(page.getByTestId('verify-result')).toHaveCount(0);
});

test('a signed asset is verified, with signer, time, trust level and AI statement', async ({ page }, testInfo) => {
  const result = await verify(page, ASSETS.verified);
  await expect(toast(page, 'Verification Complete')).toContainText('verified');
  await expect(toast(page, 'Verification Complete')).toHaveAttribute('data-type', 'success');
  await expect(result.getByRole('heading', { name: 'Verified' })).toBeVisible();
  await expect(result.locator('[data-status="verified"]')).toBeVisible();
  await expect(result).toContainText('Provenance Gateway Signer');
  await expect(result.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(result).toContainText('THIS GATEWAY ONLY');
  // The widget says what the report says of AI: this file's manifest makes no statement, which is not "No".
  await expect(result.getByText('AI use')).toBeVisible();
  await expect(result.getByText('No AI statement')).toBeVisible();
  await expect(result.getByRole('link', { name: 'View full result' })).toHaveAttribute('href', `/verify?url=${encodeURIComponent(ASSETS.verified)}`);
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('verify-widget-verified-desktop.png') });
  await testInfo.attach('verify-widget-verified-desktop', { path: testInfo.outputPath('verify-widget-verified-desktop.png'), contentType: 'image/png' });
});

test('a tampered asset fails verification with the reason', async ({ page }) => {
  const result = await verify(page, ASSETS.invalid);
  // A tampered file is never a green success toast.
  await expect(toast(page, 'Verification Complete')).toContainText('invalid');
  await expect(toast(page, 'Verification Complete')).toHaveAttribute('data-type', 'error');
  await expect(result.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(result.locator('[data-status="invalid"]')).toBeVisible();
  await expect(result).toContainText(/changed|mismatch|tamper/i);
});

test('an unsigned asset fails verification as unsigned', async ({ page }) => {
  const result = await verify(page, ASSETS.unsigned);
  await expect(toast(page, 'Verification Complete')).toContainText('unsigned');
  await expect(toast(page, 'Verification Complete')).toHaveAttribute('data-type', 'info');
  await expect(result.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await expect(result.locator('[data-status="unsigned"]')).toBeVisible();
  await expect(result).toContainText('NONE');
});

test('an asset the server cannot fetch gives the Verification Failed toast', async ({ page }) => {
  await verify(page, `${ASSETS.unsigned.replace('unsigned.png', 'missing.png')}`);
  await expect(toast(page, 'Verification Failed')).toBeVisible();
  await expect(page.getByTestId('verify-result')).toHaveCount(0);
});

test.describe('phone', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('the widget works on a phone', async ({ page }, testInfo) => {
    const result = await verify(page, ASSETS.verified);
    await expect(result.getByRole('heading', { name: 'Verified' })).toBeVisible();
    await result.scrollIntoViewIfNeeded();
    await shoot(page, testInfo, 'verify-widget-verified-phone');
  });
});
