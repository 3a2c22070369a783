// axe-core (WCAG 2.2 AA tags, as accessibility.spec.ts uses) on what the page shows now, for specs
// that check their own screen in the states they drive it into: prints every violation, attaches
// them to the results, and fails on a serious or critical one. expectAccessibleInEveryLook reloads
// the screen at both sizes in both themes and checks each, with a screenshot.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, shoot, VIEWPORTS } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

export async function expectAccessible(page: Page, label: string, testInfo: TestInfo): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // A toast fading in or out is measured against what shows through it: axe checks toasts once settled.
  await page
    .waitForFunction(() => [...document.querySelectorAll('[data-sonner-toast]')].every((toast) => getComputedStyle(toast).opacity === '1'), null, { timeout: 5_000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const lines = results.violations.map(
    (violation) => `[${violation.impact ?? 'unknown'}] ${label}: ${violation.id} (${violation.nodes.length} nodes) ${violation.help} -> ${violation.nodes.slice(0, 5).map((node) => node.target.join(' ')).join(' | ')}`,
  );
  console.log(`axe ${label}: ${results.violations.length} violations${lines.length ? `\n  ${lines.join('\n  ')}` : ''}`);
  await testInfo.attach(`axe-${label.replace(/[^a-z0-9]+/gi, '-')}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? '')).map((violation) => `${violation.id}: ${violation.help}`);
  expect(blocking, `serious or critical WCAG violations on ${label}`).toEqual([]);
}

/**
 * The screen as it reloads at desktop and phone sizes, light and dark (the theme chosen before any
 * script runs, as a returning visitor's is), each checked once `ready` says it has its data again.
 * Leaves the page at desktop size in the light theme.
 */
export async function expectAccessibleInEveryLook(page: Page, label: string, testInfo: TestInfo, ready: () => Promise<void>): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await page.evaluate((value) => window.localStorage.setItem('provenance.theme', value), theme);
      await page.reload();
      await ready();
      await expectAccessible(page, `${label}, ${size}, ${theme}`, testInfo);
      await shoot(page, testInfo, `${label.replace(/[^a-z0-9]+/gi, '-')}-${size}-${theme}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.evaluate(() => window.localStorage.setItem('provenance.theme', 'light'));
  await page.reload();
}
