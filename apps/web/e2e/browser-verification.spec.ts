// Verification in the browser: a file checked with c2pa-rs running in the page (nothing uploaded)
// gets the verdict the gateway gives the same file by upload: status, the code its reason explains
// and the manifest ID, on corpus files of every kind of verdict and on a file this gateway signed.
// A file with no credentials of its own is found in the repository by its SHA-256. The c2pa-rs the
// page runs is the server engine's own WebAssembly module, byte for byte, and the build ships no other.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dataDir } from './support/e2e-env.ts';
import { expect, shoot, test } from './support/fixtures.ts';
import { corpusDir, corpusFile, hasCorpusFile, signThroughApi } from './support/gateway.ts';
import { makePng } from './support/png.ts';

const SLOW = { timeout: 60_000 };
test.describe.configure({ timeout: 180_000 });

/** Intact but untrusted, intact with ingredients, tampered, failing through an ingredient, unsigned. */
const CORPUS = ['c2pa-rs/CA.jpg', 'c2pa-rs/CACA.jpg', 'c2pa-rs/E-sig-CA.jpg', 'c2pa-rs/CIE-sig-CA.jpg', 'c2pa-rs/XCA.jpg', 'c2pa-rs/no_manifest.jpg', 'c2pa-rs/libpng-test.png'];

interface Verdict {
  status: string | null;
  reasonCode: string | null;
  manifestId: string;
}

async function verifyFile(page: Page, file: string, place: 'In this browser' | 'On the gateway'): Promise<Verdict> {
  await page.goto('/verify');
  await page.getByRole('radio', { name: new RegExp(place) }).check();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
  const report = page.getByTestId('report');
  await expect(report).toBeVisible(SLOW);
  await expect(page.getByTestId('verify-place-note')).toHaveAttribute('data-place', place === 'In this browser' ? 'browser' : 'gateway');
  return {
    status: await report.getAttribute('data-status'),
    reasonCode: await report.getAttribute('data-reason-code'),
    manifestId: (await page.getByTestId('fact-manifest-id').locator('dd').innerText()).trim(),
  };
}

/** Every request the page makes that carries a file to the gateway. */
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
/** The WebAssembly module the server's engine runs (resolved as packages/engine resolves it). */
const ENGINE_WASM = createRequire(path.join(REPO_ROOT, 'packages/engine/package.json')).resolve('@contentauth/c2pa-wasm/c2pa.wasm');

/** The body of every WebAssembly module the page (or its workers) downloads. */
function watchWasm(page: Page): Promise<Buffer>[] {
  const modules: Promise<Buffer>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.wasm')) modules.push(response.body());
  });
  return modules;
}

function watchUploads(page: Page): string[] {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/verify-content')) uploads.push(request.url());
  });
  return uploads;
}

for (const file of CORPUS) {
  test(`${file}: the browser's verdict equals the gateway's, and nothing is uploaded`, async ({ page }) => {
    test.skip(!hasCorpusFile(file), `${path.join(corpusDir, file)} is absent`);
    const uploads = watchUploads(page);
    const inBrowser = await verifyFile(page, corpusFile(file), 'In this browser');
    expect(uploads, 'a browser verification sends nothing').toEqual([]);
    const onGateway = await verifyFile(page, corpusFile(file), 'On the gateway');
    expect(uploads).toHaveLength(1);
    expect(inBrowser).toEqual(onGateway);
  });
}

test('a file this gateway signed is verified in the browser against the gateway’s root, and its unsigned original is found by its hash', async ({ page, request }, testInfo) => {
  const original = makePng(200, 120);
  const signed = await signThroughApi(request, { name: 'quay.png', mimeType: 'image/png', buffer: original, metadata: { creator: 'Browser Tester' } }, 'browser-verify');
  const dir = path.join(dataDir(), 'browser-verification');
  mkdirSync(dir, { recursive: true });
  const signedFile = path.join(dir, 'quay-signed.png');
  const originalFile = path.join(dir, 'quay-original.png');
  writeFileSync(signedFile, await (await request.get(signed.signedAssetUrl)).body());
  writeFileSync(originalFile, original);

  const uploads = watchUploads(page);
  const modules = watchWasm(page);
  const inBrowser = await verifyFile(page, signedFile, 'In this browser');
  expect(inBrowser).toEqual({ status: 'verified', reasonCode: 'signingCredential.trusted', manifestId: signed.manifestId });
  // One engine: the module that read it is the server's c2pa-wasm, and the build holds no other.
  const loaded = await Promise.all(modules);
  expect(loaded.map(sha256)).toEqual([sha256(readFileSync(ENGINE_WASM))]);
  // The build this run serves (playwright.config.ts builds into the run's data directory).
  const dist = path.join(dataDir(), 'web-dist', 'assets');
  expect(readdirSync(dist).filter((name) => name.endsWith('.wasm'))).toHaveLength(1);
  await expect(page.getByText('Verified in this browser: the file never left your device.')).toBeVisible();
  await expect(page.getByTestId('fact-trust-list')).toContainText('Signed through this gateway; not on a public trust list, so other validators show it as unrecognised');
  await expect(page.getByRole('link', { name: 'Trust anchor certificate (PEM)' })).toHaveAttribute('download', /\.trust-anchor\.pem$/);
  await shoot(page, testInfo, 'verify-in-browser');
  expect(await verifyFile(page, signedFile, 'On the gateway')).toEqual(inBrowser);

  // The choice is remembered: back in the browser for the original, which has no credentials.
  await page.getByRole('radio', { name: /In this browser/ }).check();
  await page.reload();
  await expect(page.getByRole('radio', { name: /In this browser/ })).toBeChecked();
  const before = uploads.length;
  const unsigned = await verifyFile(page, originalFile, 'In this browser');
  expect(uploads).toHaveLength(before);
  expect(unsigned.status).toBe('unsigned');
  const match = page.getByTestId('repository-match');
  await expect(match).toBeVisible();
  await match.getByRole('link', { name: 'see its report' }).click();
  await expect(page).toHaveURL(new RegExp(`/v/${encodeURIComponent(signed.manifestId)}`));
  await expect(page.getByTestId('report')).toHaveAttribute('data-status', 'verified', SLOW);
});

test('the report of an edited file lists its versions newest first and compares it with its source', async ({ page }, testInfo) => {
  const file = 'c2pa-rs/CACA.jpg';
  test.skip(!hasCorpusFile(file), `${path.join(corpusDir, file)} is absent`);
  await verifyFile(page, corpusFile(file), 'In this browser');
  const versions = page.getByTestId('manifest-version');
  await expect(versions.first()).toContainText('This version');
  expect(await versions.count()).toBeGreaterThan(1);
  const slider = page.getByRole('slider', { name: 'Source shown' });
  await slider.fill('20');
  await expect(slider).toHaveAttribute('aria-valuetext', /^20% of .+ shown, 80% of this asset$/);
  await expect(page.getByTestId('compare-slider').getByRole('img', { name: /^Thumbnail of / })).toBeVisible();
  await shoot(page, testInfo, 'report-history-compare');
});
