// Account Settings as an account holder uses them: every action of the four tabs with its busy
// label, toast and failure path, a regenerated API key that works from curl while the old one
// stops, saved notification preferences, the demo account, a brought certificate added with its
// trust-list warning and removed after confirming, and a deleted account that is signed
// out and cannot sign in again. Email changes and deletion ask for the current password. Screenshots at desktop and phone sizes.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { APP_URL } from './support/e2e-env.ts';
import { corpusFile, hasCorpusFile } from './support/gateway.ts';
import { expect, PASSWORD, shoot, signUpViaApi, test, testClientAddress, toast, uniqueEmail, useSession, VIEWPORTS, type TestSession } from './support/fixtures.ts';

/** Holds the matching API calls briefly so the busy state can be seen; they still reach the server. */
async function slowDown(page: Page, pattern: string, ms = 600): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** GET /auth/user with a bearer, through curl as an integrator would call the API. */
function curlStatus(token: string): number {
  const out = execFileSync('curl', ['-s', '-o', '/dev/null', '-w', '%{http_code}', '-H', `Authorization: Bearer ${token}`, `${APP_URL}/api/v1/auth/user`], { encoding: 'utf8' });
  return Number(out.trim());
}

async function openSettings(page: Page, session: TestSession, tab?: string): Promise<void> {
  await useSession(page, session);
  await page.goto(tab ? `/settings?tab=${tab}` : '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Manage your account preferences and security')).toBeVisible();
}

test('account tab: the user ID, and the email updated, refused when taken', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'settings-email');
  const other = await signUpViaApi(request, 'settings-taken');
  await openSettings(page, session);
  for (const name of ['Account', 'Security', 'API Keys', 'Notifications']) await expect(page.getByRole('tab', { name })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveValue(session.user.id);
  await expect(page.getByRole('textbox', { name: 'User ID' })).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email Address')).toHaveValue(session.user.email);
  await shoot(page, testInfo, 'settings-account-desktop');

  // The current password is asked again; a wrong one is said at the field and changes nothing.
  const currentPassword = page.getByLabel('Current Password');
  await page.getByLabel('Email Address').fill(uniqueEmail('hijack'));
  await currentPassword.fill('not my password');
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(currentPassword).toHaveAccessibleDescription('Current password is incorrect');
  await expect(currentPassword).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Update failed')).toContainText('Current password is incorrect');

  // Taken by another account: the server's reason, and the address stays as it was.
  await page.getByLabel('Email Address').fill(other.user.email);
  await currentPassword.fill(PASSWORD);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(toast(page, 'Update failed').filter({ hasText: 'already exists' })).toBeVisible();

  const renamed = uniqueEmail('renamed');
  await slowDown(page, '**/api/v1/account/email');
  await page.getByLabel('Email Address').fill(renamed);
  await currentPassword.fill(PASSWORD);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  await expect(page.getByLabel('Email Address')).toBeDisabled();
  await expect(toast(page, 'Email updated')).toContainText('Your email has been updated successfully');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(renamed)).toBeVisible();
  await expect(currentPassword).toHaveValue('');

  const signIn = await request.post(`${APP_URL}/api/v1/auth/sign-in`, { data: { email: renamed, password: PASSWORD }, headers: { 'X-Forwarded-For': testClientAddress() } });
  expect(signIn.status()).toBe(200);

  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'settings-account-phone');
});

test('account tab: the claim signer in force, and what other validators will make of it, in the server’s words', async ({ page, request }) => {
  const session = await signUpViaApi(request, 'settings-claim-signer');
  const inForce = (await (await request.get(`${APP_URL}/api/v1/pki/claim-signer`)).json()) as { source: string; subject: string; statement: string };
  expect(inForce.source).toBe('development');
  await openSettings(page, session);
  await expect(page.getByRole('heading', { level: 2, name: 'Claim signer' })).toBeVisible();
  await expect(page.getByTestId('claim-signer')).toContainText('Provenance Gateway');
  await expect(page.getByTestId('claim-signer')).toContainText('Development product certificate');
  await expect(page.getByTestId('claim-signer-statement')).toHaveText(inForce.statement);
  await expect(page.getByTestId('claim-signer-statement')).toContainText('other validators will read it as untrusted');
});

test('account tab: a certificate is added with the warning that its root is on no C2PA trust list, then removed after confirming', async ({ page, request }, testInfo) => {
  test.skip(!hasCorpusFile('certs/es256.chain.pem'), '../shared/corpus/certs is absent');
  const warning = "This certificate's root is not on the C2PA trust list: other validators will show files signed with it as unrecognised (partial)";
  const session = await signUpViaApi(request, 'settings-identity');
  await openSettings(page, session);
  await page.getByLabel('Certificate chain (PEM, signing certificate first)').fill(readFileSync(corpusFile('certs/es256.chain.pem'), 'utf8'));
  await page.getByLabel('Private key (PEM)').fill(readFileSync(corpusFile('certs/es256.key.pem'), 'utf8'));
  await page.getByRole('button', { name: 'Add Certificate' }).click();
  // Said at once, and kept beside the identity (the current one, and in the list).
  await expect(toast(page, 'Certificate added')).toContainText(warning);
  const list = page.getByRole('region', { name: 'All identities' });
  await expect(list.getByTestId('signing-identity-warning')).toHaveText(`Warning: ${warning}`);
  await expect(page.getByRole('region', { name: 'Current identity' })).toContainText(warning);
  await shoot(page, testInfo, 'settings-identity-warning');

  await list.getByRole('button', { name: 'Remove C2PA Signer (Your certificate)' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this signing identity?' });
  await expect(dialog).toContainText('your next signatures use your managed identity');
  await expect(dialog).toContainText('Files it signed keep their Content Credentials and verify as before.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByText('C2PA Signer')).toBeVisible();
  await list.getByRole('button', { name: 'Remove C2PA Signer (Your certificate)' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Signing identity removed')).toContainText('Your next signatures use your managed identity.');
  await expect(page.getByRole('region', { name: 'Current identity' })).toContainText('The gateway issues your certificate when you first sign.');
  const identities = await request.get(`${APP_URL}/api/v1/account/signing-identities`, { headers: { authorization: `Bearer ${session.access_token}` } });
  expect(await identities.json()).toEqual([]);
});

test('security tab: the current password is checked, then the password changes', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'settings-password');
  await openSettings(page, session);
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  await expect(page.getByText('Your other signed-in devices are signed out and your API keys revoked.')).toBeVisible();
  await page.getByLabel('Current Password').fill('not my password');
  await page.getByLabel('New Password').fill('a-new-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(toast(page, 'Update failed')).toContainText('Current password is incorrect');

  await slowDown(page, '**/api/v1/account/password');
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('button', { name: 'Updating...' })).toBeDisabled();
  await expect(toast(page, 'Password updated')).toContainText('Your password has been changed successfully');
  await expect(page.getByLabel('Current Password')).toHaveValue('');
  await expect(page.getByLabel('New Password')).toHaveValue('');
  await shoot(page, testInfo, 'settings-security-desktop');

  const email = session.user.email;
  expect((await request.post(`${APP_URL}/api/v1/auth/sign-in`, { data: { email, password: PASSWORD }, headers: { 'X-Forwarded-For': testClientAddress() } })).status()).toBe(401);
  expect((await request.post(`${APP_URL}/api/v1/auth/sign-in`, { data: { email, password: 'a-new-password' }, headers: { 'X-Forwarded-For': testClientAddress() } })).status()).toBe(200);

  // A new password under 6 characters is stopped by the form before any call.
  await page.getByLabel('Current Password').fill('a-new-password');
  await page.getByLabel('New Password').fill('12345');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByLabel('New Password')).toBeFocused();
  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'settings-security-phone');
});

test('api keys tab: a regenerated key is shown once, works from curl, and the old one stops', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'settings-keys');
  await openSettings(page, session, 'api-keys');
  await expect(page.getByRole('textbox', { name: 'Production Key', exact: true })).toHaveValue(/^pg_live_•+[\w-]{4}$/);
  await expect(page.getByRole('textbox', { name: 'Test Key', exact: true })).toHaveValue(/^pg_test_•+[\w-]{4}$/);
  await shoot(page, testInfo, 'settings-api-keys-desktop');

  async function regenerateProduction(): Promise<string> {
    await page.getByRole('button', { name: 'Regenerate Production Key' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('stops working at once');
    await dialog.getByRole('button', { name: 'Regenerate' }).click();
    const secretField = dialog.getByRole('textbox', { name: 'New Production Key' });
    await expect(secretField).toHaveValue(/^pg_live_/);
    await expect(dialog.getByRole('note')).toContainText('The previous key has stopped working');
    await expect(dialog.getByRole('button', { name: 'Copy new Production Key' })).toBeVisible();
    return secretField.inputValue();
  }

  const first = await regenerateProduction();
  await expect(toast(page, 'API key regenerated')).toBeVisible();
  await shoot(page, testInfo, 'settings-api-key-shown-once');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText(first)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Production Key', exact: true })).toHaveValue(`pg_live_••••••••${first.slice(-4)}`);
  expect(curlStatus(first)).toBe(200);

  const second = await regenerateProduction();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Done' }).click();
  expect(second).not.toBe(first);
  expect(curlStatus(second)).toBe(200);
  expect(curlStatus(first)).toBe(401);

  // Failure: the server cannot be reached; the dialog stays on its question and nothing is shown.
  await page.route('**/api/v1/account/api-keys/test/regenerate', (route) => route.abort());
  await page.getByRole('button', { name: 'Regenerate Test Key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate' }).click();
  await expect(toast(page, 'Regeneration failed')).toBeVisible();
  await expect(page.getByRole('alertdialog').getByRole('textbox', { name: 'New Test Key' })).toHaveCount(0);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'settings-api-keys-phone');
});

test('notifications tab: all on by default, saved for real, and a failed save says so', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'settings-notify');
  await openSettings(page, session, 'notifications');
  const alerts = page.getByRole('checkbox', { name: 'Verification Alerts' });
  const weekly = page.getByRole('checkbox', { name: 'Weekly Reports' });
  const updates = page.getByRole('checkbox', { name: 'Product Updates' });
  for (const box of [alerts, weekly, updates]) await expect(box).toBeChecked();
  await expect(page.getByText('Get notified when content fails verification')).toBeVisible();
  await shoot(page, testInfo, 'settings-notifications-desktop');

  await weekly.uncheck();
  await updates.uncheck();
  await slowDown(page, '**/api/v1/account/notifications');
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(toast(page, 'Preferences saved')).toBeVisible();

  await page.unrouteAll();
  await page.reload();
  await expect(alerts).toBeChecked();
  await expect(weekly).not.toBeChecked();
  await expect(updates).not.toBeChecked();
  const stored = await request.get(`${APP_URL}/api/v1/account/notifications`, { headers: { Authorization: `Bearer ${session.access_token}` } });
  expect(await stored.json()).toEqual({ verificationAlerts: true, weeklyReports: false, productUpdates: false });

  await page.route('**/api/v1/account/notifications', (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'The service is restarting' } } }) : route.continue(),
  );
  await alerts.uncheck();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(toast(page, 'Save failed')).toContainText('The service is restarting');
  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'settings-notifications-phone');
});

test('account tab: a demo account is created and signed in, and its failure is reported', async ({ page, request }) => {
  const session = await signUpViaApi(request, 'settings-demo');
  await openSettings(page, session);

  await page.route('**/api/v1/auth/demo', (route) => route.fulfill({ status: 429, json: { error: { code: 'rate_limited', message: 'Too many demo accounts, try again later' } } }));
  await page.getByRole('button', { name: 'Create Demo Account' }).click();
  await expect(toast(page, 'Demo Account Creation Failed')).toContainText('Too many demo accounts, try again later');
  await page.unrouteAll();

  await slowDown(page, '**/api/v1/auth/demo');
  await page.getByRole('button', { name: 'Create Demo Account' }).click();
  await expect(page.getByRole('button', { name: 'Creating Demo Account...' })).toBeDisabled();
  const granted = toast(page, 'Demo Access Granted');
  await expect(granted).toContainText(/Email: \S+@\S+/);
  await expect(granted).toContainText('Password:');
  await expect(page).toHaveURL(/\/dashboard$/);
  const demoEmail = /Email: (\S+)/.exec((await granted.textContent()) ?? '')?.[1] ?? '';
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(demoEmail)).toBeVisible();
});

test('account tab: delete asks first; a failure keeps the account; then the account is deleted and cannot sign in', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'settings-delete');
  await openSettings(page, session);

  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
  await expect(dialog).toContainText('This action cannot be undone. This will permanently delete your account and all of your data.');
  await shoot(page, testInfo, 'settings-delete-dialog-desktop');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.route('**/api/v1/account', (route) =>
    route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Database unavailable' } } }) : route.continue(),
  );
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const password = dialog.getByLabel('Current Password');
  await expect(password).toHaveAttribute('required', '');
  await password.fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(toast(page, 'Deletion Failed')).toContainText('Please contact support to delete your account');
  await expect(page).toHaveURL(/\/settings$/);
  await page.unrouteAll();
  expect(curlStatus(session.access_token)).toBe(200);

  // A wrong password is said at the field, and the account stays.
  await password.fill('not my password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Current password is incorrect');
  await expect(password).toHaveAccessibleDescription('Current password is incorrect');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  expect(curlStatus(session.access_token)).toBe(200);

  await password.fill(PASSWORD);
  await slowDown(page, '**/api/v1/account');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByRole('button', { name: 'Deleting Account...' })).toBeDisabled();
  await expect(toast(page, 'Account Deleted')).toContainText('Your account has been permanently deleted');
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('provenance.session'))).toBeNull();
  expect(curlStatus(session.access_token)).toBe(401);

  await nav.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(session.user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Sign in failed')).toContainText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);
});

test('settings need a session: signed out goes to the login page and back', async ({ page, request }) => {
  await page.goto('/settings?tab=notifications');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const session = await signUpViaApi(request, 'settings-redirect');
  await page.getByLabel('Email').fill(session.user.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\?tab=notifications$/);
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
});
