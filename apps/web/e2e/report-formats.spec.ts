// The report works for every format the engine reads: the shared corpus's unsigned samples of each
// format are signed through the API and their permanent reports opened; then files that are
// tampered with, hostile or not media at all are checked through the page. Skipped, with a
// message, where ../shared/corpus is absent.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test, type TestSession } from './support/fixtures.ts';
import { corpusDir, corpusFile, hasCorpusFile, signThroughApi } from './support/gateway.ts';

const SLOW = { timeout: 60_000 };
test.describe.configure({ timeout: 150_000 });

const FORMATS: { file: string; mime: string }[] = [
  { file: 'c2pa-rs/sample1.webp', mime: 'image/webp' },
  { file: 'c2pa-rs/sample1.avif', mime: 'image/avif' },
  { file: 'c2pa-rs/sample1.heic', mime: 'image/heic' },
  { file: 'c2pa-rs/sample1.gif', mime: 'image/gif' },
  { file: 'c2pa-rs/test.tiff', mime: 'image/tiff' },
  { file: 'c2pa-rs/sample1.svg', mime: 'image/svg+xml' },
  { file: 'c2pa-rs/c.mov', mime: 'video/quicktime' },
  { file: 'c2pa-rs/sample1.m4a', mime: 'audio/mp4' },
  { file: 'c2pa-rs/sample1.wav', mime: 'audio/wav' },
  { file: 'c2pa-rs/sample1.mp3', mime: 'audio/mpeg' },
  { file: 'c2pa-rs/basic.pdf', mime: 'application/pdf' },
];

async function pickFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
}

let session: TestSession;
test.beforeAll(async ({ request }) => {
  session = await signUpViaApi(request, 'formats');
});

for (const { file, mime } of FORMATS) {
  test(`a signed ${mime} file has a verified report`, async ({ page, request }) => {
    test.skip(!hasCorpusFile(file), `${path.join(corpusDir, file)} is absent`);
    const signed = await signThroughApi(request, { name: path.basename(file), mimeType: mime, buffer: readFileSync(corpusFile(file)), metadata: { creator: 'Format Tester' } }, 'formats', session);
    expect(signed.mime).toBe(mime);
    await page.goto(`/v/${encodeURIComponent(signed.manifestId)}`);
    await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'verified', SLOW);
    await expect(page.getByTestId('fact-creator')).toContainText('Format Tester');
    await expect(page.getByRole('region', { name: 'Downloads and details' })).toContainText(mime);
  });
}

test('a video whose bytes changed after signing is invalid', async ({ page }) => {
  test.skip(!hasCorpusFile('c2pa-rs/dashinit.mp4'), 'c2pa-rs/dashinit.mp4 is absent');
  await page.goto('/verify');
  await pickFile(page, corpusFile('c2pa-rs/dashinit.mp4'));
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'invalid', SLOW);
  await expect(page.getByTestId('validation-codes').locator('[data-group="failure"]')).toContainText('assertion.bmffHash.mismatch');
});

test('a hostile file and a file that is not media get a clear error, not a report', async ({ page }) => {
  test.skip(!hasCorpusFile('c2pa-rs/nested_moov_1000.mp4'), 'c2pa-rs/nested_moov_1000.mp4 is absent');
  await page.goto('/verify');
  await pickFile(page, corpusFile('c2pa-rs/nested_moov_1000.mp4'));
  // Read in this browser (the default), a file its c2pa-rs cannot read gets no verdict, with the reason, and the gateway offered.
  await expect(page.getByTestId('report-error')).toContainText('its boxes are nested too deeply', SLOW);
  await expect(page.getByTestId('verdict')).toHaveCount(0);

  await pickFile(page, corpusFile('c2pa-rs/unsupported_type.txt'));
  await expect(page.getByTestId('report-error')).toBeVisible(SLOW);
  await expect(page.getByTestId('verdict')).toHaveCount(0);
});
