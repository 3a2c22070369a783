// The Content Credentials report (/verify and /v/:manifestId) against the real server: an asset
// signed through the API, the test's tampered and unsigned assets, a corpus file with many nested
// ingredients, a video, and the deep links into the page. Screenshots at desktop and phone sizes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { expectAccessible } from './support/axe.ts';
import { ASSETS, dataDir } from './support/e2e-env.ts';
import { expect, shoot, test, toast, VIEWPORTS } from './support/fixtures.ts';
import { corpusFile, hasCorpusFile, signThroughApi } from './support/gateway.ts';
import { makePng } from './support/png.ts';

const MANY_INGREDIENTS = 'public-testfiles/adobe-20220124-CAIAIIICAICIICAIICICA.jpg';
const VIDEO = 'c2pa-rs/video1.mp4';
// The server verifies on a machine shared with other builds: give each verdict time to arrive.
const SLOW = { timeout: 45_000 };
test.describe.configure({ timeout: 120_000 });

const UNSIGNED_FILE = path.join(dataDir(), 'e2e-assets', 'unsigned.png');

async function pickFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
}

test.describe('a manifest this gateway signed', () => {
  let manifestId: string;

  test.beforeAll(async ({ request }) => {
    const signed = await signThroughApi(
      request,
      {
        name: 'harbour-fire.png',
        mimeType: 'image/png',
        buffer: makePng(320, 200),
        metadata: { creator: 'E2E Newsroom Photographer', license: 'CC BY 4.0', title: 'Harbour fire', aiAssisted: true, location: { latitude: 51.5072, longitude: -0.1276, accuracy: 5 } },
      },
      'report',
    );
    manifestId = signed.manifestId;
  });

  test('its permanent report shows the verdict, signer, AI disclosure, history, codes and downloads', async ({ page }, testInfo) => {
    const counted = (eventType: string) =>
      page.waitForResponse((response) => response.url().endsWith('/api/v1/track-analytics') && (response.request().postDataJSON() as { eventType: string }).eventType === eventType, SLOW);
    const reportView = counted('report_view');
    await page.goto(`/v/${encodeURIComponent(manifestId)}`);
    const verdict = page.getByTestId('verdict');
    await expect(verdict.getByRole('heading', { level: 2 })).toHaveText('Verified', SLOW);
    await expect(verdict).toHaveAttribute('data-status', 'verified');
    // This gateway's own root vouches, no trust list: the chip and the words say so, never "on a trust list".
    await expect(verdict).toContainText('THIS GATEWAY ONLY');
    await expect(verdict).toContainText('signed through this gateway');
    await expect(page.locator('main')).not.toContainText(/on a trust list|on any trust list/);
    await expect(verdict.locator('[data-check="content"]')).toHaveAttribute('data-state', 'pass');
    await expect(verdict.locator('[data-check="signature"]')).toHaveAttribute('data-state', 'pass');

    await expect(page.getByTestId('fact-creator')).toContainText('E2E Newsroom Photographer');
    await expect(page.getByTestId('fact-license')).toContainText('CC BY 4.0');
    await expect(page.getByTestId('fact-signed-at').locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    // The gateway's own root vouches: said as its tier, with what that means.
    await expect(page.getByTestId('signer-trust')).toHaveAttribute('data-tier', 'gateway');
    await expect(page.getByTestId('signer-trust')).toContainText('Signed through this gateway; not on a public trust list, so other validators show it as unrecognised');
    await expect(page.getByRole('region', { name: 'Signer' })).toContainText('Provenance Gateway');
    // Signed with the dashboard's AI-assisted flag: recorded as AI-edited, and said so.
    await expect(page.getByTestId('ai-disclosure')).toContainText('Edited with AI');
    await expect(page.getByRole('region', { name: 'AI disclosure' })).toContainText('compositeWithTrainedAlgorithmicMedia');
    await expect(page.getByTestId('action-timeline').getByRole('listitem').first()).toContainText('Created');
    await expect(page.getByTestId('validation-codes')).toContainText('claimSignature.validated');
    await expect(page.getByTestId('fact-manifest-id')).toContainText(manifestId);
    await expect(page.getByTestId('share-url')).toHaveText(new RegExp(`/v/${encodeURIComponent(manifestId)}$`));

    // The gateway counts the view of its report and the download of its manifest.
    const views = (await (await reportView).json()) as { metrics: Record<string, number> };
    expect(views.metrics['report_view']).toBe(1);
    const download = counted('download');
    const store = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Manifest store (.c2pa)' }).click();
    expect(((await (await download).json()) as { metrics: Record<string, number> }).metrics['download']).toBe(1);
    const c2pa = await store;
    expect(c2pa.suggestedFilename()).toMatch(/\.c2pa$/);
    expect(readFileSync(await c2pa.path()).length).toBeGreaterThan(500);

    const json = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Manifest report (JSON)' }).click();
    const report = JSON.parse(readFileSync(await (await json).path(), 'utf8')) as { report: { manifestId: string } };
    expect(report.report.manifestId).toBe(manifestId);

    await shoot(page, testInfo, 'report-signed-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await expect(verdict).toBeVisible();
    await shoot(page, testInfo, 'report-signed-phone');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await shoot(page, testInfo, 'report-signed-phone-dark');
  });

  test('says when and under which trust lists it was checked, and downloads its evidence as one archive', async ({ page }, testInfo) => {
    await page.goto(`/v/${encodeURIComponent(manifestId)}`);
    const verdict = page.getByTestId('verdict');
    await expect(verdict.getByRole('heading', { level: 2 })).toHaveText('Verified', SLOW);
    await expect(page.getByTestId('verdict-evidence')).toHaveText(/^Checked on .+ against the trust lists of this gateway: .*gateway root/);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Evidence archive (.zip)' }).click();
    const archive = await download;
    expect(archive.suggestedFilename()).toMatch(/\.evidence\.zip$/);
    const members = unzipSync(new Uint8Array(readFileSync(await archive.path())));
    // A file signed here carries its OCSP answer stapled: every member is there.
    expect(Object.keys(members).sort()).toEqual(
      ['README.txt', 'crjson.json', 'manifest-store.c2pa', 'ocsp-response.der', 'report.json', 'signer-chain.pem', 'trust-anchors.pem', 'trust-snapshot.json', 'tsa-trust-anchors.pem'],
    );
    const report = JSON.parse(new TextDecoder().decode(members['report.json'])) as { report: { manifestId: string } };
    expect(report.report.manifestId).toBe(manifestId);
    await expectAccessible(page, 'report with evidence download', testInfo);
  });

  test('an unknown manifest ID says it is not held here', async ({ page }) => {
    await page.goto(`/v/${encodeURIComponent('urn:c2pa:00000000-0000-4000-8000-000000000000')}`);
    await expect(page.getByTestId('report-error')).toContainText('Manifest not found', SLOW);
    await expect(page.getByRole('main')).toContainText('is known to this gateway');
    await expect(page.getByRole('main')).not.toContainText('verified again just now');
    await page.getByRole('link', { name: 'Check a file or URL instead' }).click();
    await expect(page).toHaveURL(/\/verify$/);
  });
});

test('a /verify?url= deep link verifies at once; the landing widget leads there', async ({ page }) => {
  await page.goto('/#verify');
  await page.locator('#verify').getByLabel('Image URL').fill(ASSETS.verified);
  await page.locator('#verify').getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('link', { name: 'View full result' }).click(SLOW);
  await expect(page).toHaveURL(`/verify?url=${encodeURIComponent(ASSETS.verified)}`);
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'verified', SLOW);
  await expect(page.getByLabel('Or check a file on the web')).toHaveValue(ASSETS.verified);
  await expect(page.getByTestId('fact-creator')).toContainText('E2E Photographer');
});

test('a tampered asset fails, says the file changed, and lists the failing code', async ({ page }, testInfo) => {
  await page.goto('/verify');
  await page.getByLabel('Or check a file on the web').fill(ASSETS.invalid);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`/verify?url=${encodeURIComponent(ASSETS.invalid)}`);
  const verdict = page.getByTestId('verdict');
  await expect(verdict.getByRole('heading', { level: 2 })).toHaveText('Verification Failed', SLOW);
  await expect(verdict).toHaveAttribute('data-status', 'invalid');
  await expect(verdict.locator('[data-check="content"]')).toHaveAttribute('data-state', 'fail');
  await expect(page.getByTestId('verdict-reason')).toContainText(/changed/);
  await expect(page.getByTestId('validation-codes').locator('[data-group="failure"]')).toContainText('assertion.dataHash.mismatch');
  await expect(toast(page, 'Verification Complete')).toContainText('invalid');
  // The gateway does not hold this copy: its evidence archive is assembled in the browser from this
  // answer and the trust snapshot it names, and says that the manifest store and crJSON are the file's.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Evidence archive (.zip)' }).click();
  const members = unzipSync(new Uint8Array(readFileSync(await (await download).path())));
  expect(Object.keys(members)).toEqual(expect.arrayContaining(['README.txt', 'report.json', 'signer-chain.pem', 'trust-anchors.pem', 'trust-snapshot.json']));
  expect(Object.keys(members)).not.toContain('manifest-store.c2pa');
  expect((JSON.parse(new TextDecoder().decode(members['report.json'])) as { verification: { status: string } }).verification.status).toBe('invalid');
  expect(new TextDecoder().decode(members['README.txt'])).toContain('This gateway does not hold the file');
  await shoot(page, testInfo, 'report-tampered-desktop');
});

test('an unsigned file, picked or dropped, is explained without a signer', async ({ page }, testInfo) => {
  await page.goto('/verify');
  await pickFile(page, UNSIGNED_FILE);
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-status', 'unsigned', SLOW);
  await expect(verdict.getByRole('heading', { level: 2 })).toHaveText('Verification Failed');
  await expect(verdict).toContainText('NONE');
  await expect(page.getByRole('heading', { name: 'What this means' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signer' })).toHaveCount(0);
  await expect(page.getByTestId('asset-preview-image')).toBeVisible();

  // Dropping the same file on the zone gives the same verdict.
  await page.reload();
  const bytes = [...readFileSync(UNSIGNED_FILE)];
  const transfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'dropped.png', { type: 'image/png' }));
    return dt;
  }, bytes);
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'unsigned', SLOW);
  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'report-unsigned-phone');
});

test('a corpus file with many ingredients draws its tree with thumbnails and their warnings', async ({ page }, testInfo) => {
  test.skip(!hasCorpusFile(MANY_INGREDIENTS), `../shared/corpus/${MANY_INGREDIENTS} is absent`);
  await page.goto('/verify');
  await pickFile(page, corpusFile(MANY_INGREDIENTS));
  // Fourteen manifests and their thumbnails take a while on a busy machine.
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'partial', SLOW);
  await expect(page.getByTestId('signer-trust')).toContainText('Not on any trust list');
  // A partial is explained, drawn amber, and its untrusted signer is a warning, not a failure.
  const explained = page.getByTestId('partial-explained');
  await expect(explained).toContainText('has not changed since it was signed');
  await expect(explained).toContainText('not on the C2PA trust list or on any other trust list');
  await expect(page.getByTestId('verdict').locator('[data-check="trust"]')).toHaveAttribute('data-state', 'warn');
  const tree = page.getByTestId('ingredient-tree');
  const topLevel = tree.locator('[data-testid="ingredient"][data-depth="0"]');
  await expect(topLevel).toHaveCount(7);
  // Thumbnails come from the manifest, whose signer is not trusted: each carries the warning.
  await expect(topLevel.first().getByRole('img', { name: /Thumbnail of ingredient/ })).toBeVisible();
  await expect(topLevel.first().getByTestId('untrusted-thumbnail')).toBeVisible();
  await expect(tree.locator('[data-depth="1"]:visible')).toHaveCount(0);

  await tree.getByRole('button', { name: 'Expand CICA.jpg' }).click();
  await expect(tree.getByRole('button', { name: 'Collapse CICA.jpg' })).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.locator('[data-depth="1"]:visible')).toHaveCount(1);
  await page.getByRole('button', { name: 'Expand all' }).click();
  await expect(tree.locator('[data-testid="ingredient"]:visible')).toHaveCount(13);
  await expect(page.getByTestId('ingredient-tree').locator('[data-status="unsigned"]').first()).toBeVisible();
  await shoot(page, testInfo, 'report-ingredients-desktop');
  await page.setViewportSize(VIEWPORTS.phone);
  await shoot(page, testInfo, 'report-ingredients-phone');
});

test('a video shows its poster frame beside its report', async ({ page }, testInfo) => {
  test.skip(!hasCorpusFile(VIDEO), `../shared/corpus/${VIDEO} is absent`);
  await page.goto('/verify');
  await pickFile(page, corpusFile(VIDEO));
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'partial', SLOW);
  await expect(page.getByTestId('fact-creator')).toContainText('Joe Bloggs');
  const video = page.getByTestId('asset-preview-video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && element.videoWidth > 0)).toBe(true);
  await shoot(page, testInfo, 'report-video-desktop');
});
