// The Support Center's contact form, stored through the server: busy state, toast with the
// request's reference, cleared form, and the request visible to its account.
import { APP_URL } from './support/e2e-env.ts';
import { expect, signInViaApi, test, toast, useSession } from './support/fixtures.ts';

test('a signed-in user sends a message and it is stored for their account', async ({ page, request }) => {
  const session = await signInViaApi(request, 2);
  await useSession(page, session);
  await page.goto('/support');
  await expect(page.getByRole('link', { name: /Open Documentation/ })).toHaveAttribute('href', '/docs');
  await expect(page.getByRole('link', { name: /^support@/ })).toHaveAttribute('href', /^mailto:support@/);

  // Hold the request briefly so the busy state can be seen; it still goes to the real server.
  await page.route('**/api/v1/support-requests', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });

  const subject = `Badge question ${Date.now()}`;
  await page.getByLabel('Name').fill('Ada Lovelace');
  // Their email is already the field's value, so the form can be sent without retyping it.
  await expect(page.getByLabel('Email')).toHaveValue(session.user.email);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('How do I embed the verified badge next to a photo?');
  await expect(page.getByLabel('Message')).toHaveAttribute('rows', '6');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByLabel('Name')).toBeDisabled();

  const sent = toast(page, 'Message sent!');
  await expect(sent).toContainText("We'll get back to you within 24 hours");
  await expect(sent).toContainText(/Reference: \S+/);
  for (const label of ['Name', 'Subject', 'Message']) await expect(page.getByLabel(label)).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue(session.user.email);

  const listed = await request.get(`${APP_URL}/api/v1/support-requests`, { headers: { Authorization: `Bearer ${session.access_token}` } });
  expect(listed.ok()).toBe(true);
  const body = (await listed.json()) as { requests: { subject: string; reference: string }[] };
  const stored = body.requests.find((r) => r.subject === subject);
  expect(stored).toBeTruthy();
  await expect(sent).toContainText(stored?.reference ?? '-');
  // The page lists it among the user's requests, as received.
  const mine = page.getByRole('region', { name: 'Your requests' });
  await expect(mine.getByText(subject)).toBeVisible();
  await expect(mine.getByText(stored?.reference ?? '-')).toBeVisible();
});

test('every field is required', async ({ page }) => {
  await page.goto('/support');
  for (const label of ['Name', 'Email', 'Subject', 'Message']) await expect(page.getByLabel(label)).toHaveAttribute('required', '');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByLabel('Name')).toBeFocused();
  await expect(toast(page, 'Message sent!')).toHaveCount(0);
});

test('signed out, a message is accepted too', async ({ page }) => {
  await page.goto('/support');
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Subject').fill('Signed-out question');
  await page.getByLabel('Message').fill('Can regulators verify without an account?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toast(page, 'Message sent!')).toContainText('Reference:');
});

test('error toasts that stacked up clear once a send succeeds', async ({ page }) => {
  await page.goto('/support');
  let failures = 2;
  await page.route('**/api/v1/support-requests', async (route) => {
    if (failures > 0) {
      failures -= 1;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'Support is busy, try again' } }) });
      return;
    }
    await route.continue();
  });
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByLabel('Email').fill('grace@example.com');
  await page.getByLabel('Subject').fill('Retry question');
  await page.getByLabel('Message').fill('Does a second try work?');
  const send = page.getByRole('button', { name: 'Send Message' });
  await send.click();
  await expect(toast(page, 'Message not sent')).toHaveCount(1);
  await send.click();
  await expect(toast(page, 'Message not sent')).toHaveCount(2);
  await send.click();
  await expect(toast(page, 'Message sent!')).toBeVisible();
  await expect(toast(page, 'Message not sent')).toHaveCount(0);
});
