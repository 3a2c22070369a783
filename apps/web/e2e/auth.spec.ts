// Accounts as a person uses them: sign up and confirm by the mailed link, sign out, sign in, a wrong password, mismatched
// passwords, the demo account, and being sent back to the protected page after signing in.
import { MAILBOX_URL } from './support/e2e-env.ts';
import { expect, PASSWORD, sharedAccount, signInViaApi, test, toast, uniqueEmail } from './support/fixtures.ts';
import { confirmationLink } from './support/mail.ts';

test('sign up, follow the link of the mail, sign out, sign in again, and a wrong password', async ({ page }) => {
  const email = uniqueEmail('ui');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a confirmation link to ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend email/ })).toBeDisabled();
  expect(await page.evaluate(() => window.localStorage.getItem('provenance.session'))).toBeNull();

  const link = await confirmationLink(email);
  await page.goto(link);
  await expect(toast(page, 'Account created!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(email)).toBeVisible();

  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(toast(page, 'Signed out')).toContainText('You have been signed out successfully');
  await expect(page).toHaveURL(/\/$/);
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('provenance.session'))).toBeNull();

  await nav.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Sign in failed')).toContainText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(toast(page, 'Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(nav.getByText(email)).toBeVisible();

  // Signed in, the sign-in and sign-up screens have nothing to offer and step aside.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link was spent by its first use.
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('already used or expired');
});

test('sign up refuses passwords that do not match, and short passwords', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(`${PASSWORD}!`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, "Passwords don't match")).toContainText('Please make sure your passwords match');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm Password').fill('abc');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toast(page, 'Sign up failed')).toContainText('Password must be at least 6 characters');
  await expect(page).toHaveURL(/\/signup$/);
});

test('a taken email is answered as a new one; its owner is mailed instead', async ({ page }) => {
  const owner = sharedAccount(0).email;
  await page.goto('/signup');
  await page.getByLabel('Email').fill(owner);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`We sent a confirmation link to ${owner}.`)).toBeVisible();
  await expect
    .poll(async () => ((await (await fetch(`${MAILBOX_URL}/messages?to=${encodeURIComponent(owner)}`)).json()) as { subject: string }[]).map((message) => message.subject), { timeout: 20_000 })
    .toContain('Someone tried to create an account with your email address');
});

test('Try Demo Account: credentials toast, then signed in on the dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Try Demo Account' }).click();
  const granted = toast(page, 'Demo Access Granted');
  await expect(granted).toContainText(/Email: \S+@\S+/);
  await expect(granted).toContainText(/Password: \S+/);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  const email = /Email: (\S+)/.exec((await granted.textContent()) ?? '')?.[1];
  expect(email).toBeTruthy();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByText(email ?? '')).toBeVisible();
  const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('provenance.session') ?? 'null') as { user: { is_demo: boolean } } | null);
  expect(stored?.user.is_demo).toBe(true);
});

test('protected screens send signed-out users to sign in, and back afterwards', async ({ page }) => {
  const account = sharedAccount(1);
  for (const path of ['/dashboard', '/settings']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
  }
  await page.goto('/analytics');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fanalytics$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
});

test('the session survives a reload and is refreshed through the server', async ({ page, request }) => {
  const session = await signInViaApi(request, 2);
  // An access token about to expire makes the app refresh it at once.
  await page.addInitScript((value) => window.localStorage.setItem('provenance.session', value), JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) + 5 }));
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/refresh') && response.status() === 200);
  await page.goto('/settings');
  await refreshed;
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect.poll(async () => page.evaluate(() => (JSON.parse(window.localStorage.getItem('provenance.session') ?? '{}') as { access_token?: string }).access_token)).not.toBe(session.access_token);
});
