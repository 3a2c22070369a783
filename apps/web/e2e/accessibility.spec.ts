// WCAG 2.2 AA, measured: axe-core on every route, signed out and signed in, at desktop and phone
// widths, in the light and the dark theme; on report pages that carry data (a signed asset's
// permanent report, a verified, a tampered and an unsigned verification, a corpus file with
// ingredients); and on a publisher's page embedding the badge, closed and open. The suite fails on
// any serious or critical violation and prints every violation it saw, so the count is on record.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { APP_URL, ASSETS } from './support/e2e-env.ts';
import { expect, signUpViaApi, test, useSession, VIEWPORTS, type TestSession } from './support/fixtures.ts';
import { corpusFile, hasCorpusFile, signThroughApi } from './support/gateway.ts';
import { makePng } from './support/png.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);
const SLOW = { timeout: 45_000 };
const CORPUS_WITH_INGREDIENTS = 'public-testfiles/adobe-20220124-CAIAIIICAICIICAIICICA.jpg';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
test.describe.configure({ timeout: 180_000 });

/** Every route of src/app/router.tsx; the signed-in ones redirect to /login when signed out. */
const ROUTES = ['/', '/login', '/signup', '/docs', '/support', '/privacy', '/terms', '/device-info', '/security', '/verify', '/dashboard', '/analytics', '/settings', '/v/urn:c2pa:00000000-0000-4000-8000-000000000000', '/no-such-page'];

interface Finding {
  page: string;
  rule: string;
  impact: string;
  nodes: number;
  help: string;
  targets: string[];
}

/** Runs axe on what the page shows now and returns every violation, blocking or not. */
async function audit(page: Page, label: string): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return [...(await headingSkips(page, label)), ...results.violations.map((violation) => ({
    page: label,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    nodes: violation.nodes.length,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }))];
}

/**
 * Heading order without skips (an h2 followed by an h4 leaves a screen reader's outline with a
 * hole). axe files this under best practice, so the suite checks it itself, counted as serious.
 */
async function headingSkips(page: Page, label: string): Promise<Finding[]> {
  const levels = await page.locator('h1, h2, h3, h4, h5, h6, [role="heading"][aria-level]').evaluateAll((nodes) =>
    nodes
      .filter((node) => (node as HTMLElement).offsetParent !== null || node.getClientRects().length > 0)
      .map((node) => ({ level: Number(node.getAttribute('aria-level') ?? node.tagName.slice(1)), text: (node.textContent ?? '').trim().slice(0, 60) })),
  );
  const skips = levels.filter((heading, index) => index > 0 && heading.level > (levels[index - 1]?.level ?? 0) + 1);
  if (skips.length === 0) return [];
  return [{ page: label, rule: 'heading-order', impact: 'serious', nodes: skips.length, help: 'Heading levels should only increase by one', targets: skips.map((h) => `h${h.level} ${h.text}`) }];
}

/** Prints and attaches what was found, then fails on anything serious or critical. */
async function expectNoBlocking(findings: Finding[], testInfo: TestInfo): Promise<void> {
  const blocking = findings.filter((finding) => BLOCKING.has(finding.impact));
  const line = (f: Finding) => `  [${f.impact}] ${f.page}: ${f.rule} (${f.nodes} nodes) ${f.help} -> ${f.targets.join(' | ')}`;
  console.log(`axe ${testInfo.title}: ${blocking.length} serious/critical, ${findings.length} in all (${findings.reduce((sum, f) => sum + f.nodes, 0)} nodes)\n${findings.map(line).join('\n')}`);
  await testInfo.attach('axe-violations.json', { body: JSON.stringify(findings, null, 2), contentType: 'application/json' });
  expect(blocking.map(line), 'serious or critical WCAG violations').toEqual([]);
}

/** The page with its theme chosen before any script runs, as a returning visitor's would be. */
async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.addInitScript((value) => window.localStorage.setItem('provenance.theme', value), theme);
}

/** Waits for the screen to finish: its main heading, lazy chunks and queries, entrance effects. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(SLOW);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

let session: TestSession;
let manifestId: string;
/** The signed file itself: the badge checks the picture it wraps against the manifest it names. */
let signedAssetUrl: string;

test.beforeAll(async ({ request }) => {
  // One account with a signed asset of its own, so the dashboard and analytics have rows to show.
  session = await signUpViaApi(request, 'a11y');
  const signed = await signThroughApi(
    request,
    { name: 'harbour-fire.png', mimeType: 'image/png', buffer: makePng(320, 200), metadata: { creator: 'E2E Newsroom Photographer', license: 'CC BY 4.0', title: 'Harbour fire', aiAssisted: true } },
    'a11y',
    session,
  );
  manifestId = signed.manifestId;
  signedAssetUrl = signed.signedAssetUrl;
});

for (const signedIn of [false, true]) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of ['light', 'dark'] as const) {
      test(`every route, signed ${signedIn ? 'in' : 'out'}, ${size}, ${theme}`, async ({ page }, testInfo) => {
        await page.setViewportSize(viewport);
        await useTheme(page, theme);
        if (signedIn) await useSession(page, session);
        const findings: Finding[] = [];
        for (const route of ROUTES) {
          await page.goto(route);
          await settle(page);
          findings.push(...(await audit(page, route)));
        }
        await expectNoBlocking(findings, testInfo);
      });
    }
  }
}

for (const [size, viewport] of Object.entries(VIEWPORTS)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`report pages with data, ${size}, ${theme}`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await useTheme(page, theme);
      const findings: Finding[] = [];
      const verdict = page.getByTestId('verdict');

      await page.goto(`/v/${encodeURIComponent(manifestId)}`);
      await expect(verdict).toHaveAttribute('data-status', 'verified', SLOW);
      await settle(page);
      findings.push(...(await audit(page, '/v/:signed')));

      for (const [name, url] of Object.entries(ASSETS)) {
        await page.goto(`/verify?url=${encodeURIComponent(url)}`);
        await expect(verdict).toBeVisible(SLOW);
        await settle(page);
        findings.push(...(await audit(page, `/verify ${name}`)));
      }

      if (hasCorpusFile(CORPUS_WITH_INGREDIENTS)) {
        await page.goto('/verify');
        const chooser = page.waitForEvent('filechooser');
        await page.getByRole('button', { name: 'Choose a file' }).click();
        await (await chooser).setFiles(corpusFile(CORPUS_WITH_INGREDIENTS));
        await expect(verdict).toBeVisible(SLOW);
        await settle(page);
        findings.push(...(await audit(page, '/verify corpus with ingredients')));
      }
      await expectNoBlocking(findings, testInfo);
    });
  }
}

test.describe('the badge on a publisher page', () => {
  let publisher: Server;
  let publisherUrl: string;

  test.beforeAll(async () => {
    // The app server reads the badge script from disk on each request; building it now is enough.
    execFileSync('npm', ['run', 'build', '-w', '@provenance/badge'], { cwd: repoRoot, stdio: 'ignore' });
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Daily Ledger</title><script src="${APP_URL}/embed/content-credentials.js" async></script></head>
<body><main><h1>Fire at the harbour</h1>
<figure><content-credentials id="signed" manifest-id="${manifestId}"><img src="${signedAssetUrl}" alt="The harbour fire" width="320" height="200"></content-credentials><figcaption>Photo: E2E Photographer</figcaption></figure>
<figure><content-credentials id="tampered"><img src="${ASSETS.invalid}" alt="A doctored copy" width="160" height="100"></content-credentials></figure>
<figure><content-credentials id="unsigned"><img src="${ASSETS.unsigned}" alt="A picture without credentials" width="160" height="100"></content-credentials></figure>
</main></body></html>`;
    publisher = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
    await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
    publisherUrl = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}/`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => publisher?.close(resolve));
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    test(`closed and open, ${size}`, async ({ page }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.goto(publisherUrl);
      const pin = page.locator('content-credentials#signed').getByRole('button', { name: /^CR, Content Credentials/ });
      await expect(pin).toBeVisible(SLOW);
      // Each badge has its verdict before the audit, so what axe reads is what a visitor meets.
      for (const id of ['signed', 'tampered', 'unsigned']) await expect(page.locator(`content-credentials#${id}`)).toHaveAttribute('data-status', /^(verified|partial|invalid|unsigned)$/, SLOW);
      const findings = await audit(page, 'publisher page');
      await pin.click();
      await expect(page.locator('content-credentials#signed').getByRole('dialog')).toBeVisible();
      findings.push(...(await audit(page, 'publisher page, badge open')));
      await expectNoBlocking(findings, testInfo);
    });
  }
});
