// Webhooks in Settings as a developer uses them, against the real server and its work queue: an
// endpoint added pointing at a receiver this spec runs on loopback, its signing secret seen once
// (and never again), a test event sent and seen delivered in the log, the receiver's copy checked
// against that secret as Standard Webhooks says, a real asset.signed event delivered too, and the
// endpoint deleted behind its confirm dialog. axe-core on the tab in each state.
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '@provenance/contracts';
import { expectAccessible, expectAccessibleInEveryLook } from './support/axe.ts';
import { expect, shoot, signUpViaApi, test, toast, useSession } from './support/fixtures.ts';
import { signThroughApi } from './support/gateway.ts';
import { makePng } from './support/png.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

// A delivery goes through the server's queue; allow for its polling and a retry.
const DELIVERED = { timeout: 30_000 };
test.describe.configure({ timeout: 120_000 });
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

let receiver: WebhookReceiver;
test.beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

async function openApiKeysTab(page: Page): Promise<void> {
  await page.goto('/settings?tab=api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  // The tab's own content stays as it was, the webhooks below it.
  await expect(page.getByRole('textbox', { name: 'Production Key' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
}

test('an endpoint is added, its secret shown once, a test event delivered and verified, and the endpoint deleted', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'webhooks');
  await useSession(page, session);
  await openApiKeysTab(page);
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
  await expectAccessible(page, 'settings webhooks, empty', testInfo);

  const form = page.getByRole('form', { name: 'Add endpoint' });
  await form.getByLabel('Endpoint URL').fill(receiver.url);
  for (const event of ['verification.failed', 'job.completed', 'asset.signed']) {
    await expect(form.getByRole('checkbox', { name: event })).toBeChecked();
    await expect(form.getByRole('checkbox', { name: event })).toHaveAccessibleDescription(/.+/);
  }
  await form.getByRole('button', { name: 'Add endpoint' }).click();

  // The secret, once, with a copy button and the sentence that it will not come back.
  const dialog = page.getByRole('alertdialog');
  const secretField = dialog.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/=]+$/);
  const secret = await secretField.inputValue();
  await expect(dialog).toContainText('This secret will not be shown again.');
  await dialog.getByRole('button', { name: 'Copy signing secret' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shoot(page, testInfo, 'settings-webhook-secret');
  await expectAccessible(page, 'settings webhooks, secret dialog', testInfo);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('body')).not.toContainText(secret);

  const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
  await expect(endpoint).toContainText('verification.failed, job.completed, asset.signed');
  await page.reload();
  await expect(endpoint).toBeVisible();
  await expect(page.locator('body')).not.toContainText(secret);

  // A test event: the log says it was delivered, and the receiver got it signed with that secret.
  await endpoint.getByRole('button', { name: `Send test event to ${receiver.url}` }).click();
  await expect(toast(page, 'Test event sent')).toBeVisible();
  const delivery = endpoint.getByTestId('webhook-delivery').filter({ hasText: 'Test event' });
  await expect(delivery).toHaveAttribute('data-status', 'delivered', DELIVERED);
  await expect(delivery.getByRole('cell').nth(1)).toHaveText('Delivered');
  await expect(delivery.getByRole('cell').nth(3)).toHaveText('HTTP 204');
  expect(receiver.received).toHaveLength(1);
  const [first] = receiver.received;
  const headers = Object.fromEntries(Object.entries(first!.headers).map(([name, value]) => [name, String(value)]));
  expect(headers['webhook-signature']).toMatch(/^v1,/);
  const payload = new Webhook(secret).verify(first!.body, headers) as { type: string; timestamp: string; data: unknown };
  expect(payload.type).toBe('webhook.test');
  await shoot(page, testInfo, 'settings-webhook-delivered');
  await expectAccessibleInEveryLook(page, 'settings webhooks delivery log', testInfo, async () => {
    await expect(delivery).toHaveAttribute('data-status', 'delivered');
  });

  // A real event: signing with this account is told to the endpoint.
  await signThroughApi(request, { name: 'webhook-signed.png', mimeType: 'image/png', buffer: makePng(64, 40), metadata: { creator: 'E2E Webhook Photographer' } }, 'webhooks', session);
  const signedDelivery = endpoint.getByTestId('webhook-delivery').filter({ hasText: 'asset.signed' });
  // The log polls only while a delivery it shows is pending; a new event shows on Refresh.
  await expect(async () => {
    await endpoint.getByRole('button', { name: `Refresh the delivery log of ${receiver.url}` }).click();
    await expect(signedDelivery).toHaveAttribute('data-status', 'delivered', { timeout: 2_000 });
  }).toPass(DELIVERED);
  const signed = receiver.received.find((got) => got.body.includes('asset.signed'));
  expect(signed, 'the receiver got the asset.signed event').toBeTruthy();

  // Delete, confirmed in the dialog; Cancel first changes nothing.
  await endpoint.getByRole('button', { name: `Delete endpoint ${receiver.url}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('stops receiving events at once');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(endpoint).toBeVisible();
  await endpoint.getByRole('button', { name: `Delete endpoint ${receiver.url}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete endpoint' }).click();
  await expect(toast(page, 'Endpoint deleted')).toBeVisible();
  await expect(endpoint).toHaveCount(0);
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
});

test('an address that is not http(s) and an empty event list are said at the form', async ({ page, request }) => {
  const session = await signUpViaApi(request, 'webhooks-bad');
  await useSession(page, session);
  await openApiKeysTab(page);
  const form = page.getByRole('form', { name: 'Add endpoint' });
  const url = form.getByLabel('Endpoint URL');
  await url.fill('ftp://hooks.example.org/x');
  for (const event of WEBHOOK_EVENT_TYPES) await form.getByRole('checkbox', { name: event }).uncheck();
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toHaveAccessibleDescription(/^The address must start with http:\/\/ or https:\/\/\./);
  await expect(form.getByText('Choose at least one event.')).toBeVisible();
  await expect(page.getByText('No endpoints yet.')).toBeVisible();
});
