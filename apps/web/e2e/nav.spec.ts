// The navigation bar in both states and on a phone.
import { expect, shoot, signInViaApi, test, useSession, VIEWPORTS } from './support/fixtures.ts';

const LINKS = ['Home', 'Dashboard', 'Verify', 'API Docs', 'Analytics', 'Device Info', 'Security', 'Settings', 'Support'];

test('signed out: the links, Sign In and Get Started', async ({ page }) => {
  await page.goto('/support');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Get Started' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'API Docs' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(nav.getByRole('link', { name: 'API Docs' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('signed in: the email and Sign Out', async ({ page, request }) => {
  const session = await signInViaApi(request, 1);
  await useSession(page, session);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(session.user.email)).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
});

test('signed in at 1280 px: every link, the whole email and Sign Out sit on one line', async ({ page, request }, testInfo) => {
  const session = await signInViaApi(request, 1);
  await useSession(page, session);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByText(session.user.email)).toBeVisible();
  const items = [...LINKS.map((name) => nav.getByRole('link', { name, exact: true })), nav.getByTestId('nav-user-email'), nav.getByRole('button', { name: 'Sign Out' })];
  const boxes = await Promise.all(items.map(async (item) => (await item.boundingBox())!));
  const middles = boxes.map((box) => box.y + box.height / 2);
  for (const middle of middles) expect(Math.abs(middle - middles[0]!)).toBeLessThan(4);
  // Each link is one line high, and the email is not cut.
  for (const box of boxes.slice(0, LINKS.length)) expect(box.height).toBeLessThan(40);
  const cut = await nav.getByTestId('nav-user-email').locator('span').evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut).toBe(false);
  await shoot(page, testInfo, 'nav-signed-in-1280');

  await nav.getByRole('link', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(nav.getByRole('link', { name: 'Verify', exact: true })).toHaveAttribute('aria-current', 'page');
});

for (const width of [1280, 1600]) {
  test(`the demo account's long email at ${width} px: cut with an ellipsis, whole in its tooltip, Sign Out on screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try Demo Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const signOut = nav.getByRole('button', { name: 'Sign Out' });
    await expect(signOut).toBeVisible();
    const box = (await signOut.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const email = nav.getByTestId('nav-user-email');
    await expect(email).toHaveAttribute('title', /^demo-\S+@\S+$/);
    // Nothing in the bar runs past the window.
    expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });
}

test('the footer links to Verify', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/verify$/);
});

test.describe('phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('the toggle menu opens, lists the links, and closes on navigation', async ({ page }, testInfo) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'API Docs' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls')}`);
    for (const name of LINKS) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get Started' })).toBeVisible();
    await shoot(page, testInfo, 'nav-menu-phone');
    await menu.getByRole('link', { name: 'Support', exact: true }).click();
    await expect(page).toHaveURL(/\/support$/);
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();

    // Escape closes it and gives focus back to the toggle.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('signed in, the menu shows the email and Sign Out', async ({ page, request }) => {
    const session = await signInViaApi(request, 2);
    await useSession(page, session);
    await page.goto('/support');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByText(session.user.email).last()).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('keyboard: the skip link and the nav are reachable with Tab', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Provenance Gateway home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true })).toBeFocused();
});

test('the theme toggle switches to dark and remembers it', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await shoot(page, testInfo, 'landing-dark-desktop');
});
