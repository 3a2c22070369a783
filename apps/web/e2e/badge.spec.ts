// The embeddable badge on a publisher's page (served from its own 127.0.0.1 port, loading the built
// script from the gateway like any third-party page): the CR pin over each asset without moving
// it, the popover by mouse and keyboard, badge_view and badge_click counted by the gateway, and the
// SVG status badge for every verdict. Screenshots at desktop and phone sizes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Response } from '@playwright/test';
import { APP_URL, ASSETS } from './support/e2e-env.ts';
import { expect, shoot, test, VIEWPORTS } from './support/fixtures.ts';
import { corpusFile, hasCorpusFile, signThroughApi, storedAssetPath } from './support/gateway.ts';
import { makePng, tamperPng } from './support/png.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The gateway verifies on a machine shared with other builds: give each verdict time to arrive.
const SLOW = { timeout: 45_000 };
test.describe.configure({ timeout: 120_000 });

const SCRIPT_URL = `${APP_URL}/embed/content-credentials.js`;

let publisher: Server;
let publisherUrl: string;
let manifestId: string;
let assetId: string;
let signedPng: Buffer;
let signedVideo: Buffer | null = null;
let videoManifestId: string | null = null;

function page(html: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Daily Ledger</title>
<style>body{font-family:Georgia,serif;margin:24px;max-width:720px} img{max-width:100%;height:auto} figure{margin:0 0 24px}</style>
<script src="${SCRIPT_URL}" async></script></head><body>${html}</body></html>`;
}

function articleHtml(): string {
  return page(`<h1>Fire at the harbour</h1><p><a id="before" href="#">Previous story</a></p>
<figure><content-credentials id="signed" manifest-id="${manifestId}"><img id="signed-img" src="/harbour.png" alt="The harbour fire" width="320" height="200"></content-credentials>
<figcaption>Photo: E2E Newsroom Photographer</figcaption></figure>
<figure><content-credentials id="tampered" position="top-left"><img src="${ASSETS.invalid}" alt="A doctored copy" width="160" height="100"></content-credentials></figure>
<figure><content-credentials id="unsigned" position="bottom-right"><img src="${ASSETS.unsigned}" alt="A picture without credentials" width="160" height="100"></content-credentials></figure>`);
}

test.beforeAll(async ({ request }) => {
  // The app server reads the script from disk on each request, so building it now is enough.
  execFileSync('npm', ['run', 'build', '-w', '@provenance/badge'], { cwd: repoRoot, stdio: 'ignore' });
  const signed = await signThroughApi(
    request,
    { name: 'harbour.png', mimeType: 'image/png', buffer: makePng(320, 200), metadata: { creator: 'E2E Newsroom Photographer', title: 'Harbour fire', capturedWithCamera: true } },
    'badge',
  );
  manifestId = signed.manifestId;
  assetId = signed.assetId;
  signedPng = readFileSync(storedAssetPath(assetId));
  publisher = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://publisher');
    if (url.pathname === '/harbour.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(signedPng);
    else if (url.pathname === '/clip.mp4' && signedVideo) res.writeHead(200, { 'Content-Type': 'video/mp4' }).end(signedVideo);
    else if (url.pathname === '/video' && videoManifestId)
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(`<h1>On the river</h1><content-credentials id="clip" manifest-id="${videoManifestId}"><video src="/clip.mp4" width="480" height="270" controls muted playsinline></video></content-credentials>`));
    else if (url.pathname === '/article') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(articleHtml());
    else if (url.pathname === '/svg') res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(`<h1>README</h1><img id="svg" src="${APP_URL}/api/v1/badge/${encodeURIComponent(manifestId)}.svg" alt="Content Credentials status">`));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
  publisherUrl = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => publisher?.close(resolve));
});

const badge = (p: Page, id: string) => p.locator(`content-credentials#${id}`);
const pin = (p: Page, id: string) => badge(p, id).getByRole('button', { name: /^CR, Content Credentials/ });

async function openArticle(p: Page): Promise<void> {
  await p.goto(`${publisherUrl}/article`);
  await expect(badge(p, 'signed')).toHaveAttribute('data-status', 'verified', SLOW);
}

test('the script loads cross-origin as JavaScript and the pin sits over each asset without moving it', async ({ page, request }, testInfo) => {
  const script = await request.get(SCRIPT_URL);
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toBe('text/javascript; charset=utf-8');
  expect(script.headers()['access-control-allow-origin']).toBe('*');
  expect(script.headers()['cache-control']).toContain('max-age=');
  expect((await script.body()).length).toBeLessThan(30_000);

  // Where the image sits without the badge script...
  await page.route(SCRIPT_URL, (route) => route.abort());
  await page.goto(`${publisherUrl}/article`);
  await page.waitForFunction(() => (document.getElementById('signed-img') as HTMLImageElement).complete);
  const without = await page.locator('#signed-img').boundingBox();
  await page.unroute(SCRIPT_URL);

  // ...and with it: same place, same size, and the pin in its top-right corner.
  await openArticle(page);
  const withBadge = await page.locator('#signed-img').boundingBox();
  expect(withBadge).toEqual(without);
  const box = (await pin(page, 'signed').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(withBadge!.x + withBadge!.width);
  expect(box.x).toBeGreaterThan(withBadge!.x + withBadge!.width / 2);
  expect(box.y).toBeLessThan(withBadge!.y + withBadge!.height / 2);
  await expect(pin(page, 'signed')).toHaveAccessibleName('CR, Content Credentials: verified. Show details');
  await expect(badge(page, 'tampered')).toHaveAttribute('data-status', 'invalid', SLOW);
  await expect(pin(page, 'tampered')).toHaveAccessibleName('CR, Content Credentials: invalid. Show details');
  await expect(badge(page, 'unsigned')).toHaveAttribute('data-status', 'unsigned', SLOW);
  await shoot(page, testInfo, 'badge-pins-desktop');
});

test('clicking the pin opens the verdict, signer, date and AI disclosure, with a link to the report', async ({ page, context }, testInfo) => {
  await openArticle(page);
  await pin(page, 'signed').click();
  const dialog = badge(page, 'signed').getByRole('dialog', { name: 'Verified' });
  await expect(dialog).toBeVisible();
  await expect(pin(page, 'signed')).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog).toContainText('Signed through this gateway; not on a public trust list, so other validators show it as unrecognised.');
  await expect(dialog).not.toContainText(/on a trust list|on any trust list/);
  await expect(dialog).toContainText('Signed by');
  await expect(dialog).toContainText('Provenance Gateway');
  await expect(dialog).toContainText('Signed on');
  await expect(dialog).toContainText('Captured with a camera');
  await expect(dialog).toContainText('E2E Newsroom Photographer');
  await shoot(page, testInfo, 'badge-popover-desktop');

  const link = dialog.getByRole('link', { name: 'View full report' });
  await expect(link).toHaveAttribute('href', `${APP_URL}/v/${encodeURIComponent(manifestId)}`);
  const reportPage = context.waitForEvent('page');
  await link.click();
  const report = await reportPage;
  await expect(report.getByTestId('verdict')).toHaveAttribute('data-status', 'verified', SLOW);

  // A click elsewhere closes it; the tampered copy's popover says it failed.
  await page.locator('h1').click();
  await expect(dialog).toBeHidden();
  await pin(page, 'tampered').click();
  await expect(badge(page, 'tampered').getByRole('dialog', { name: 'Verification Failed' })).toContainText('changed after it was signed');
  await expect(badge(page, 'tampered').getByRole('link', { name: 'View full report' })).toHaveAttribute('href', `${APP_URL}/verify?url=${encodeURIComponent(ASSETS.invalid)}`);
});

test('the badge works from the keyboard: Tab to the pin, Enter or Space opens, Escape closes', async ({ page }) => {
  await openArticle(page);
  await page.locator('#before').focus();
  await page.keyboard.press('Tab');
  await expect(pin(page, 'signed')).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = badge(page, 'signed').getByRole('dialog', { name: 'Verified' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(pin(page, 'signed')).toBeFocused();
  await expect(pin(page, 'signed')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(badge(page, 'signed').getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(pin(page, 'signed')).toBeFocused();
});

interface Tracked {
  eventType: string;
  assetId: string;
  metrics: Record<string, number>;
  cookie: string | undefined;
  authorization: string | undefined;
}

/**
 * Collects the badge's analytics calls. The listener is asynchronous (it reads the answer and the
 * headers), so it must end with its test: `stop` removes it and waits for the reads under way, or a
 * read finishing after the page closed fails whichever test runs next.
 */
function collectTracking(p: Page): { seen: Tracked[]; stop: () => Promise<void> } {
  const seen: Tracked[] = [];
  const reads = new Set<Promise<void>>();
  const onResponse = (response: Response): void => {
    const req = response.request();
    if (!req.url().endsWith('/api/v1/track-analytics') || req.method() !== 'POST') return;
    const read = (async () => {
      const body = req.postDataJSON() as { eventType: string; data: { assetId: string } };
      const answer = (await response.json().catch(() => ({}))) as { metrics?: Record<string, number> };
      const headers = await req.allHeaders();
      seen.push({ eventType: body.eventType, assetId: body.data.assetId, metrics: answer.metrics ?? {}, cookie: headers['cookie'], authorization: headers['authorization'] });
    })().catch((error: unknown) => {
      // A test that failed before `stop` closes its page under a read: nothing to collect then.
      if (!p.isClosed()) throw error;
    });
    reads.add(read);
    const forget = (): void => void reads.delete(read);
    read.then(forget, forget);
  };
  p.on('response', onResponse);
  return {
    seen,
    stop: async () => {
      p.off('response', onResponse);
      await Promise.all(reads);
    },
  };
}

test('views and clicks are reported to the gateway and counted, without credentials', async ({ page }) => {
  const tracking = collectTracking(page);
  const tracked = tracking.seen;
  await openArticle(page);
  await expect.poll(() => tracked.filter((event) => event.eventType === 'badge_view' && event.assetId === manifestId).length, SLOW).toBe(1);
  const firstView = tracked.find((event) => event.eventType === 'badge_view')!;
  expect(firstView.metrics['badge_view']).toBeGreaterThanOrEqual(1);
  expect(firstView.cookie).toBeUndefined();
  expect(firstView.authorization).toBeUndefined();

  await pin(page, 'signed').click();
  await expect.poll(() => tracked.filter((event) => event.eventType === 'badge_click').length).toBe(1);
  const clicks = tracked.find((event) => event.eventType === 'badge_click')!.metrics['badge_click']!;
  await page.keyboard.press('Escape');
  await pin(page, 'signed').click();
  await expect.poll(() => tracked.filter((event) => event.eventType === 'badge_click').length).toBe(2);
  expect(tracked.filter((event) => event.eventType === 'badge_click')[1]!.metrics['badge_click']).toBe(clicks + 1);

  // A second visit is a second view.
  await page.reload();
  await expect.poll(() => tracked.filter((event) => event.eventType === 'badge_view' && event.assetId === manifestId).length).toBe(2);
  const views = tracked.filter((event) => event.eventType === 'badge_view' && event.assetId === manifestId);
  expect(views[1]!.metrics['badge_view']).toBe(views[0]!.metrics['badge_view']! + 1);
  // The unsigned picture has no manifest to count against.
  expect(tracked.some((event) => event.assetId === '' || event.assetId === undefined)).toBe(false);
  await tracking.stop();
});

test.describe('phone', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('pin and popover fit a phone screen', async ({ page }, testInfo) => {
    await openArticle(page);
    await pin(page, 'signed').click();
    const dialog = badge(page, 'signed').getByRole('dialog', { name: 'Verified' });
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await shoot(page, testInfo, 'badge-popover-phone');

    // The small picture's pin is in its bottom-right corner, near the left edge: its popover slides into view.
    await page.keyboard.press('Escape');
    await pin(page, 'unsigned').click();
    const small = (await badge(page, 'unsigned').getByRole('dialog').boundingBox())!;
    expect(small.x).toBeGreaterThanOrEqual(0);
    expect(small.x + small.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  });
});

test.describe('SVG status badge', () => {
  async function svg(request: import('@playwright/test').APIRequestContext, id: string) {
    const response = await request.get(`${APP_URL}/api/v1/badge/${encodeURIComponent(id)}.svg`);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    return { status: response.status(), body: await response.text() };
  }

  test('says verified, invalid, partial, unsigned or not found, as a fresh verification finds the stored asset', async ({ request }) => {
    const signed = await signThroughApi(request, { name: 'svg.png', mimeType: 'image/png', buffer: makePng(120, 80), metadata: { creator: 'SVG Badge Test' } }, 'svg');
    const stored = storedAssetPath(signed.assetId);
    const original = readFileSync(stored);

    let answer = await svg(request, signed.manifestId);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('aria-label="Content Credentials: verified by this gateway"');

    writeFileSync(stored, tamperPng(original));
    answer = await svg(request, signed.manifestId);
    expect(answer.body).toContain('aria-label="Content Credentials: invalid"');

    // Signed by a PKI the gateway does not trust: intact, but partial.
    const otherPki = mkdtempSync(path.join(tmpdir(), 'untrusted-pki-'));
    writeFileSync(path.join(otherPki, 'in.png'), makePng(120, 80));
    execFileSync(process.execPath, [path.join(repoRoot, 'packages/engine/bin/provenance.js'), 'sign', path.join(otherPki, 'in.png'), '-o', path.join(otherPki, 'out.png'), '--creator', 'Somebody Else', '--data-dir', otherPki], { cwd: repoRoot, stdio: 'ignore' });
    writeFileSync(stored, readFileSync(path.join(otherPki, 'out.png')));
    answer = await svg(request, signed.manifestId);
    expect(answer.body).toContain('aria-label="Content Credentials: partial"');

    writeFileSync(stored, makePng(120, 80));
    answer = await svg(request, signed.manifestId);
    expect(answer.body).toContain('aria-label="Content Credentials: unsigned"');

    answer = await svg(request, 'urn:c2pa:00000000-0000-4000-8000-000000000000');
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('aria-label="Content Credentials: not found"');
    writeFileSync(stored, original);
  });

  test('shows on another site as an image', async ({ page, request }, testInfo) => {
    // Browsers refuse a cross-site <img> whose answer says Cross-Origin-Resource-Policy: same-origin.
    const answer = await request.get(`${APP_URL}/api/v1/badge/${encodeURIComponent(manifestId)}.svg`);
    expect(answer.headers()['cross-origin-resource-policy'] ?? 'cross-origin', 'a CMS page on another site must be allowed to show the SVG badge').toBe('cross-origin');
    await page.goto(`${publisherUrl}/svg`);
    const image = page.locator('#svg');
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await shoot(page, testInfo, 'badge-svg-desktop');
  });
});

test('the badge sits over a video too', async ({ page, request }, testInfo) => {
  test.skip(!hasCorpusFile('c2pa-rs/video1_no_manifest.mp4'), '../shared/corpus/c2pa-rs/video1_no_manifest.mp4 is absent');
  const signed = await signThroughApi(request, { name: 'river.mp4', mimeType: 'video/mp4', buffer: readFileSync(corpusFile('c2pa-rs/video1_no_manifest.mp4')), metadata: { creator: 'E2E Video Desk', capturedWithCamera: true } }, 'badge-video');
  videoManifestId = signed.manifestId;
  signedVideo = readFileSync(storedAssetPath(signed.assetId));
  await page.goto(`${publisherUrl}/video`);
  await expect(badge(page, 'clip')).toHaveAttribute('data-status', 'verified', SLOW);
  const video = (await page.locator('#clip video').boundingBox())!;
  const box = (await pin(page, 'clip').boundingBox())!;
  // Top-right by default, clear of the player's controls along the bottom.
  expect(box.x).toBeGreaterThan(video.x + video.width / 2);
  expect(box.y + box.height).toBeLessThan(video.y + video.height / 2);
  await pin(page, 'clip').click();
  await expect(badge(page, 'clip').getByRole('dialog', { name: 'Verified' })).toContainText('E2E Video Desk');
  await shoot(page, testInfo, 'badge-video-desktop');
});
