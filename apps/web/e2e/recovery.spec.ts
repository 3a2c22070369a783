// Recovery credits the first signer, in the browser against the real server: account A signs a
// photo, account B signs A's published photo later. The unsigned original, verified on the gateway,
// shows both signings side by side, earliest (A) first and credited, under one verdict that does not
// contradict them; verified in the browser, it is found by its hash, said to be the same bytes, and
// the page says what was sent to find it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { dataDir } from './support/e2e-env.ts';
import { expect, shoot, test } from './support/fixtures.ts';
import { corpusDir, corpusFile, hasCorpusFile, signThroughApi } from './support/gateway.ts';

const PHOTO = 'c2pa-rs/no_manifest.jpg';
const SLOW = { timeout: 60_000 };
test.describe.configure({ timeout: 180_000 });

async function verifyFile(page: Page, file: string, place: 'In this browser' | 'On the gateway'): Promise<void> {
  await page.goto('/verify');
  await page.getByRole('radio', { name: new RegExp(place) }).check();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('report')).toHaveAttribute('data-status', 'unsigned', SLOW);
}

test('a re-signed photo is credited to its first signer, and both signings are shown earliest first', async ({ page, request }, testInfo) => {
  test.skip(!hasCorpusFile(PHOTO), `${path.join(corpusDir, PHOTO)} is absent`);
  const original = readFileSync(corpusFile(PHOTO));
  const first = await signThroughApi(request, { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: original, metadata: { creator: 'First Photographer' } }, 'recovery-first');
  const published = await (await request.get(first.signedAssetUrl)).body();
  const second = await signThroughApi(request, { name: 'harbour-reposted.jpg', mimeType: 'image/jpeg', buffer: published, metadata: { creator: 'Second Account' } }, 'recovery-second');
  const dir = path.join(dataDir(), 'recovery');
  mkdirSync(dir, { recursive: true });
  const originalFile = path.join(dir, 'harbour-original.jpg');
  writeFileSync(originalFile, original);

  await verifyFile(page, originalFile, 'On the gateway');
  const verdict = page.getByTestId('verdict');
  await expect(page.getByRole('heading', { level: 2, name: /^(Verified|Verification Failed)$/ })).toHaveCount(1);
  await expect(verdict).not.toContainText('nothing can be said about where it came from');
  await expect(page.getByTestId('verdict-short')).toHaveText('No Content Credentials in this file; matching signed content found');
  const candidates = page.getByTestId('recovery-candidate');
  await expect(candidates).toHaveCount(2);
  await expect(candidates.nth(0)).toHaveAttribute('data-manifest-id', first.manifestId);
  await expect(candidates.nth(0)).toContainText('Earliest: credited');
  await expect(candidates.nth(0)).toContainText('Same bytes (SHA-256), similarity 100%');
  await expect(candidates.nth(1)).toHaveAttribute('data-manifest-id', second.manifestId);
  await expect(candidates.nth(1)).not.toContainText('credited');
  for (const index of [0, 1]) {
    await expect(candidates.nth(index).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
    // Each signing's picture is shown beside it, loaded from the file the gateway holds.
    await expect.poll(() => candidates.nth(index).locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), SLOW).toBe(true);
  }
  await shoot(page, testInfo, 'recovery-candidates');

  await verifyFile(page, originalFile, 'In this browser');
  const match = page.getByTestId('repository-match');
  await expect(match).toHaveAttribute('data-method', 'exact-hash');
  await expect(match).toContainText('the same bytes (SHA-256)');
  await expect(page.getByTestId('repository-lookup-sent')).toContainText('its SHA-256 hash (not the file) was sent to the gateway');
  await expect(match.getByRole('link', { name: 'see its report' })).toHaveAttribute('href', `/v/${encodeURIComponent(first.manifestId)}`);
});
