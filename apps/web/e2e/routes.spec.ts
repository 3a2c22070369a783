// Every route of the product renders its key content, on a desktop and on a phone, with a
// screenshot of each screen attached for review.
import { expect, shoot, signInViaApi, test, useSession, VIEWPORTS, type TestSession } from './support/fixtures.ts';

interface Screen {
  path: string;
  name: string;
  heading: string | RegExp;
  signedIn?: boolean;
  more?: (string | RegExp)[];
}

const SCREENS: Screen[] = [
  { path: '/', name: 'landing', heading: 'Prove where your content comes from.', more: ['2.5M+', '500+', '99.9%', '<5ms', 'Frequently asked questions', 'Start signing your content today'] },
  { path: '/login', name: 'login', heading: 'Sign In', more: ['Try Demo Account'] },
  { path: '/signup', name: 'signup', heading: 'Create Account', more: ['Confirm Password'] },
  { path: '/docs', name: 'docs', heading: 'API Documentation', more: ['Base URL', 'Authentication'] },
  { path: '/support', name: 'support', heading: 'Support Center', more: ['Documentation', 'Video Tutorials', 'Knowledge Base', 'Community Forum', 'Contact Support'] },
  { path: '/privacy', name: 'privacy', heading: 'Privacy Policy', more: ['Last updated: October 27, 2025', 'TLS 1.3', 'SOC 2 Type II'] },
  { path: '/terms', name: 'terms', heading: 'Terms of Service', more: ['Last updated: October 27, 2025', '99.9% uptime', "30 days' notice", 'at least 18 years old'] },
  { path: '/device-info', name: 'device-info', heading: 'Device Information' },
  { path: '/security', name: 'security', heading: 'Native Platform Features' },
  { path: '/dashboard', name: 'dashboard', heading: 'Signing Dashboard', signedIn: true },
  { path: '/analytics', name: 'analytics', heading: 'Analytics', signedIn: true },
  { path: '/settings', name: 'settings', heading: 'Account Settings', signedIn: true, more: ['Manage your account preferences and security'] },
  { path: '/this-page-does-not-exist', name: 'not-found', heading: '404', more: ['Oops! Page not found', 'Return to Home'] },
];

let session: TestSession;

test.beforeAll(async ({ request }) => {
  session = await signInViaApi(request, 0);
});

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`${size} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    for (const screen of SCREENS) {
      test(`${screen.path} renders ${screen.name}`, async ({ page }, testInfo) => {
        if (screen.signedIn) await useSession(page, session);
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
        for (const text of screen.more ?? []) await expect(page.getByText(text).first()).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
        await shoot(page, testInfo, `${screen.name}-${size}`);
      });
    }
  });
}

test('the landing page has its sections in order, and the FAQ is an accordion of eight', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Prove where your content comes from.' })).toBeVisible();
  const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
  const order = [
    'Everything provenance needs, in one gateway',
    'From capture to credential in four steps',
    'A verdict anyone can read',
    'Check an image now',
    'Built for the people whose credibility is on the line',
    'Fits into the tools you already run',
    'Trusted by teams who publish what matters',
    'Security you can audit',
    'Frequently asked questions',
    'Start signing your content today',
  ];
  const positions = order.map((title) => headings.indexOf(title));
  expect(positions.every((p) => p >= 0), `missing sections in ${headings.join(' | ')}`).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);

  for (const step of ['Upload', 'Add credentials', 'Sign and secure', 'Verify everywhere']) await expect(page.getByRole('heading', { name: step })).toBeVisible();
  for (const format of ['JPEG', 'PNG', 'MP4']) await expect(page.getByRole('list', { name: 'Supported formats' }).getByText(format, { exact: true })).toBeVisible();
  for (const badge of ['Verified', 'Partial', 'Unsigned']) await expect(page.locator('#trust-badges').getByText(badge, { exact: true }).first()).toBeVisible();

  const faq = page.locator('#faq');
  const triggers = faq.getByRole('button');
  await expect(triggers).toHaveCount(8);
  const first = triggers.first();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText('open C2PA standard')).toBeVisible();
  await faq.getByRole('button', { name: 'How much does signing add to a file?' }).click();
  await expect(faq.getByText('under 1% of the file size for images, and under 0.1% for video')).toBeVisible();

  await page.getByRole('link', { name: 'View Documentation' }).first().click();
  await expect(page).toHaveURL(/\/docs$/);
});

test('hero Get Started goes to the dashboard (through sign-in when signed out)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get Started' }).nth(1).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
});

test('an unknown path shows the 404 page, logs the path, and leads home', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(errors.some((text) => text.includes('/no/such/page'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Prove where your content comes from.' })).toBeVisible();
});
