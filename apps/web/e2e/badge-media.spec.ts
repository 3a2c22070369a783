// The badge checks the picture it wraps against the manifest the page names for it: on a
// publisher's page (its own 127.0.0.1 port) pictures come from the e2e asset server, without CORS
// headers as most publishers serve them (the gateway then checks the picture by its URL) or under
// /cors/ with them (the badge hashes the bytes itself). A different photo reads "mismatch", a
// tampered copy is not verified, the genuine picture is verified either way, the pin says `loading`
// until the check ends, a script included without async before the element still shows the badge,
// and the owner's analytics count the mismatch as one, not as a verification.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TAnalyticsSummary } from '@provenance/contracts';
import { APP_URL, ASSET_URL, dataDir } from './support/e2e-env.ts';
import { expect, shoot, signUpViaApi, test, useSession, type TestSession } from './support/fixtures.ts';
import { signThroughApi, storedAssetPath } from './support/gateway.ts';
import { makePng, tamperPng } from './support/png.ts';
import { readFileSync } from 'node:fs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SLOW = { timeout: 45_000 };
test.describe.configure({ timeout: 120_000 });

const SCRIPT_URL = `${APP_URL}/embed/content-credentials.js`;
/** The asset server's folder: files written here are served at once. */
const assetDir = () => path.join(dataDir(), 'e2e-assets');

let publisher: Server;
let publisherUrl: string;
let owner: TestSession;
let manifestId: string;
/** File names on the asset server, unique to this run of the spec. */
const names = { genuine: '', cors: '', other: '', tampered: '' };

/** Publisher pages: `/p?img=<picture URL>[&sync=1]`, the script async in <head> unless sync (then before the element, without async). */
function pageHtml(image: string, sync: boolean): string {
  const script = `<script src="${SCRIPT_URL}"${sync ? '' : ' async'}></script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Daily Ledger</title>${script}</head>
<body><h1>Fire at the harbour</h1><figure><content-credentials id="badge" manifest-id="${manifestId}"><img src="${image}" alt="The harbour fire" width="320" height="200"></content-credentials></figure></body></html>`;
}

test.beforeAll(async ({ request }) => {
  // The app server reads the script from disk on each request, so building it now is enough.
  execFileSync('npm', ['run', 'build', '-w', '@provenance/badge'], { cwd: repoRoot, stdio: 'ignore' });
  owner = await signUpViaApi(request, 'badge-media');
  const signed = await signThroughApi(request, { name: 'harbour.png', mimeType: 'image/png', buffer: makePng(320, 200), metadata: { creator: 'E2E Media Desk', title: 'Harbour fire' } }, 'badge-media', owner);
  manifestId = signed.manifestId;
  const signedPng = readFileSync(storedAssetPath(signed.assetId));
  const tag = signed.assetId.slice(0, 12);
  Object.assign(names, { genuine: `genuine-${tag}.png`, cors: `cors-${tag}.png`, other: `other-${tag}.png`, tampered: `tampered-${tag}.png` });
  writeFileSync(path.join(assetDir(), names.genuine), signedPng);
  writeFileSync(path.join(assetDir(), names.cors), signedPng);
  writeFileSync(path.join(assetDir(), names.other), makePng(300, 200));
  writeFileSync(path.join(assetDir(), names.tampered), tamperPng(signedPng));
  publisher = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://publisher');
    if (url.pathname !== '/p') return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(pageHtml(url.searchParams.get('img') ?? '', url.searchParams.get('sync') === '1'));
  });
  await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
  publisherUrl = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => publisher?.close(resolve));
});

const badge = (p: Page) => p.locator('content-credentials#badge');
const pin = (p: Page) => badge(p).getByRole('button', { name: /^CR, Content Credentials/ });
const pinState = (p: Page) => badge(p).locator('button.pin');
const open = (p: Page, image: string, sync = false) => p.goto(`${publisherUrl}/p?img=${encodeURIComponent(image)}${sync ? '&sync=1' : ''}`);

/** The badge's verify-content calls on this page: what it asked and what the gateway answered. */
function gatewayCalls(p: Page): { body: Record<string, string>; answer: Promise<{ mediaCheck?: { result: string; method: string | null; fetched: boolean } }> }[] {
  const calls: ReturnType<typeof gatewayCalls> = [];
  p.on('request', (req) => {
    if (!req.url().endsWith('/api/v1/verify-content') || req.method() !== 'POST') return;
    calls.push({ body: req.postDataJSON() as Record<string, string>, answer: req.response().then(async (response) => (response ? ((await response.json()) as Awaited<(typeof calls)[number]['answer']>) : {})) });
  });
  return calls;
}

const summaryOf = async (request: APIRequestContext): Promise<TAnalyticsSummary> => {
  const response = await request.get(`${APP_URL}/api/v1/analytics/summary`, { headers: { Authorization: `Bearer ${owner.access_token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as TAnalyticsSummary;
};

/** What the asset server answered since `from` (an index into its log). */
async function assetLog(request: APIRequestContext, from = 0): Promise<{ path: string; status: number; bytes: number; by: 'gateway' | 'browser' }[]> {
  return ((await (await request.get(`${ASSET_URL}/__requests`)).json()) as Awaited<ReturnType<typeof assetLog>>).slice(from);
}

test('around a different photo the badge says the credentials do not belong to it, and the owner’s analytics count a mismatch', async ({ page, request }, testInfo) => {
  const before = await summaryOf(request);
  await open(page, `${ASSET_URL}/${names.other}`);
  await expect(badge(page)).toHaveAttribute('data-status', 'mismatch', SLOW);
  await expect(pinState(page)).toHaveAttribute('data-state', 'mismatch');
  await expect(pin(page)).toHaveAccessibleName('CR, Content Credentials: they do not belong to this picture. Show details');
  await pin(page).click();
  const dialog = badge(page).getByRole('dialog', { name: 'These Content Credentials do not belong to this picture' });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toContainText('Verified');
  // The picture signed with these credentials, beside the one on the page.
  const thumbnail = dialog.getByRole('img', { name: 'The picture signed with these Content Credentials' });
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await shoot(page, testInfo, 'badge-mismatch-desktop');

  await expect.poll(async () => (await summaryOf(request)).mediaChecks?.mismatch, SLOW).toBe((before.mediaChecks?.mismatch ?? 0) + 1);
  const after = await summaryOf(request);
  expect(after.verifications.verified).toBe(before.verifications.verified);
  expect(after.ownContent.total).toBe(before.ownContent.total);
  // And the owner's analytics screen says so.
  await useSession(page, owner);
  await page.goto('/analytics');
  await expect(page.getByTestId('badge-mismatch-count')).toHaveText(String(after.mediaChecks!.mismatch), SLOW);
  const newest = page.getByTestId('verification-event').first();
  await expect(newest).toContainText('Mismatch');
  await expect(newest).not.toContainText('Verified');
  await shoot(page, testInfo, 'analytics-badge-mismatches');
});

test('around a tampered copy the badge is not verified', async ({ page }) => {
  await open(page, `${ASSET_URL}/${names.tampered}`);
  await expect(badge(page)).toHaveAttribute('data-status', 'invalid', SLOW);
  await expect(pinState(page)).not.toHaveAttribute('data-state', 'verified');
  await pin(page).click();
  await expect(badge(page).getByRole('dialog')).not.toContainText('Verified');
});

test('around the genuine picture without CORS headers the gateway checks it by URL: verified, and a second view costs the publisher a 304', async ({ page, request }) => {
  const calls = gatewayCalls(page);
  const start = (await assetLog(request)).length;
  await open(page, `${ASSET_URL}/${names.genuine}`);
  await expect(badge(page)).toHaveAttribute('data-status', 'verified', SLOW);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.body).toEqual({ manifestId, assetUrl: `${ASSET_URL}/${names.genuine}` });
  expect((await calls[0]!.answer).mediaCheck).toMatchObject({ result: 'matches', method: 'signed-file', fetched: true });
  const firstView = await assetLog(request, start);

  const second = (await assetLog(request)).length;
  await page.reload();
  await expect(badge(page)).toHaveAttribute('data-status', 'verified', SLOW);
  expect((await calls[1]!.answer).mediaCheck).toMatchObject({ result: 'matches', fetched: false });
  const secondView = await assetLog(request, second);
  expect(secondView.filter((entry) => entry.by === 'gateway').map((entry) => entry.status)).toEqual([304]);
  console.log(`badge cost, picture without CORS: gateway calls ${calls.length / 2} per view; first view ${JSON.stringify(firstView)}; second view ${JSON.stringify(secondView)}`);
});

test('around the genuine picture served with CORS the badge hashes it in the browser: verified without the gateway fetching it', async ({ page, request }) => {
  const calls = gatewayCalls(page);
  const start = (await assetLog(request)).length;
  await open(page, `${ASSET_URL}/cors/${names.cors}`);
  await expect(badge(page)).toHaveAttribute('data-status', 'verified', SLOW);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.body['assetSha256']).toMatch(/^[0-9a-f]{64}$/);
  expect((await calls[0]!.answer).mediaCheck).toMatchObject({ result: 'matches', method: 'browser-hash', fetched: false });
  const view = await assetLog(request, start);
  expect(view.filter((entry) => entry.by === 'gateway')).toEqual([]);
  console.log(`badge cost, picture with CORS: gateway calls ${calls.length} per view; publisher requests ${JSON.stringify(view)}`);
});

test('the pin says loading until the check of the picture ends, then only its outcome: never verified on the way to mismatch', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${APP_URL}/api/v1/verify-content`, async (route) => {
    await held;
    await route.continue();
  });
  await open(page, `${ASSET_URL}/${names.other}`);
  await expect(pinState(page)).toHaveAttribute('data-state', 'loading');
  await expect(pin(page)).toHaveAccessibleName('CR, Content Credentials: checking');
  // Every state the pin takes from now on.
  await page.evaluate(() => {
    const button = document.querySelector('content-credentials#badge')!.shadowRoot!.querySelector('button.pin') as HTMLButtonElement;
    const states = [button.dataset['state']];
    (window as unknown as { pinStates: (string | undefined)[] }).pinStates = states;
    new MutationObserver(() => states.push(button.dataset['state'])).observe(button, { attributes: true, attributeFilter: ['data-state'] });
  });
  // Still checking a while later: nothing is shown before the gateway's answer.
  await page.waitForTimeout(1000);
  await expect(pinState(page)).toHaveAttribute('data-state', 'loading');
  release();
  await expect(pinState(page)).toHaveAttribute('data-state', 'mismatch', SLOW);
  const states = await page.evaluate(() => (window as unknown as { pinStates: string[] }).pinStates);
  expect([...new Set(states)]).toEqual(['loading', 'mismatch']);
});

test('a page that includes the script without async before the element shows the badge', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await open(page, `${ASSET_URL}/${names.genuine}`, true);
  await expect(badge(page)).toHaveAttribute('data-status', 'verified', SLOW);
  await expect(pin(page)).toBeVisible();
  expect(errors).toEqual([]);
});
