// Batch jobs on the dashboard as an account holder uses them, against the real server and its work
// queue: a verify job of addresses the asset server publishes on loopback (a verified, an unsigned
// and a tampered PNG, and one that is not there), its progress bar followed to the end, and its
// NDJSON results downloaded and read; a sign job whose signed copy then shows under Your signed
// content; a verify job's items read in the app, each verdict with its reason, and an item's report
// opened from them; a bad line said at the field before anything is sent; axe-core on the section.
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import type { TJobItemResult } from '@provenance/contracts';
import { ASSETS, ASSET_URL } from './support/e2e-env.ts';
import { expectAccessible, expectAccessibleInEveryLook } from './support/axe.ts';
import { expect, shoot, signUpViaApi, test, toast, useSession } from './support/fixtures.ts';

// Items are fetched and verified by the server's queue; a missing file is retried before it fails.
const JOB_DONE = { timeout: 60_000 };
test.describe.configure({ timeout: 120_000 });

async function openBatchJobs(page: Page): Promise<Locator> {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Signing Dashboard' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Start a batch job' });
  await form.scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { level: 2, name: 'Batch jobs' })).toBeVisible();
  return form;
}

test('a verify job of four addresses: its progress bar reaches the end and its results download', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'jobs-verify');
  await useSession(page, session);
  const form = await openBatchJobs(page);
  await expect(page.getByText('No batch jobs yet.')).toBeVisible();
  await expectAccessible(page, 'dashboard batch jobs, empty', testInfo);

  const missing = `${ASSET_URL}/no-such-file.png`;
  await form.getByLabel('File addresses, one per line').fill([ASSETS.verified, ASSETS.unsigned, ASSETS.invalid, missing].join('\n'));
  await expect(form.getByText('4 addresses so far.')).toBeVisible();
  await form.getByRole('button', { name: 'Start Job' }).click();
  await expect(toast(page, 'Batch job started')).toContainText('4 addresses are queued');
  await expect(form.getByLabel('File addresses, one per line')).toHaveValue('');

  const job = page.getByTestId('batch-job').first();
  await expect(job).toContainText('Verification of 4 addresses');
  const bar = job.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuemax', '4');
  // The list polls on its own while the job runs: no reload.
  await expect(job.getByRole('progressbar', { name: '3 of 4 done, 1 failed' })).toBeVisible(JOB_DONE);
  await expect(bar).toHaveAttribute('aria-valuenow', '4');
  await expect(job.getByTestId('job-status')).toHaveText('Finished, some items could not be processed');
  await expect(job).toHaveAttribute('data-status', 'completed');
  await shoot(page, testInfo, 'dashboard-batch-job-finished');
  await expectAccessibleInEveryLook(page, 'dashboard batch jobs finished', testInfo, async () => {
    await expect(page.getByTestId('batch-job').first().getByRole('progressbar', { name: '3 of 4 done, 1 failed' })).toBeVisible();
  });

  const download = page.waitForEvent('download');
  await job.getByRole('button', { name: 'Download results of verification job of 4 items (NDJSON)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^job-.+-results\.ndjson$/);
  const lines = readFileSync(await file.path(), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as TJobItemResult);
  expect(lines.map((line) => [line.index, line.assetUrl, line.status])).toEqual([
    [0, ASSETS.verified, 'done'],
    [1, ASSETS.unsigned, 'done'],
    [2, ASSETS.invalid, 'done'],
    [3, missing, 'failed'],
  ]);
  // Each processed item carries the verification's answer; the failed one says why.
  const verdicts = lines.slice(0, 3).map((line) => (line.result as { verification: { status: string } }).verification.status);
  expect(verdicts).toEqual(['verified', 'unsigned', 'invalid']);
  expect(lines[3]?.error?.message).toBeTruthy();
});

test('a verify job\'s items are read in the app: each verdict with its reason, and each item\'s report a click away', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'jobs-items');
  await useSession(page, session);
  const form = await openBatchJobs(page);
  const missing = `${ASSET_URL}/no-such-item.png`;
  await form.getByLabel('File addresses, one per line').fill([ASSETS.verified, ASSETS.unsigned, ASSETS.invalid, missing].join('\n'));
  await form.getByRole('button', { name: 'Start Job' }).click();
  const job = page.getByTestId('batch-job').first();
  await expect(job.getByRole('progressbar', { name: '3 of 4 done, 1 failed' })).toBeVisible(JOB_DONE);

  await job.getByRole('link', { name: 'View items of verification job of 4 items' }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Batch job results' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Items of this job' }).getByTestId('job-item');
  await expect(items).toHaveCount(4);
  await expect(page.getByTestId('job-items-range')).toHaveText('Items 1–4 of 4');
  // Each item: its address, its verdict in words, and why (who vouches for a signed one).
  const [verified, unsigned, invalid, failed] = [items.nth(0), items.nth(1), items.nth(2), items.nth(3)];
  await expect(verified).toContainText(ASSETS.verified);
  await expect(verified.locator('[data-status="verified"]')).toHaveText('Verified');
  await expect(verified.getByTestId('job-item-trust')).toContainText('this gateway');
  await expect(unsigned.locator('[data-status="unsigned"]')).toHaveText('Unsigned');
  await expect(unsigned.getByTestId('job-item-reason')).toHaveText('No Content Credentials were found in this file.');
  await expect(invalid.locator('[data-status="invalid"]')).toHaveText('Invalid');
  await expect(invalid.getByTestId('job-item-reason')).toContainText('changed');
  await expect(failed.locator('[data-status="failed"]')).toHaveText('Not processed');
  await expect(failed).toContainText('404');
  // Waiting items have no report; finished ones, failed included, do.
  await expect(failed.getByRole('link', { name: `Report of item 4, ${missing}` })).toBeVisible();
  await shoot(page, testInfo, 'job-items');
  await expectAccessible(page, 'batch job items', testInfo);

  await invalid.getByRole('link', { name: `Report of item 3, ${ASSETS.invalid}` }).click();
  await expect(page).toHaveURL(/\/jobs\/[0-9a-f-]{36}\/items\/2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Batch job item report' })).toBeVisible();
  await expect(page.getByTestId('job-item-address')).toHaveText(ASSETS.invalid);
  const verdict = page.getByTestId('verdict');
  await expect(verdict).toHaveAttribute('data-status', 'invalid');
  await expect(page.getByTestId('validation-codes')).toBeVisible();
  await shoot(page, testInfo, 'job-item-report');
  await expectAccessible(page, 'batch job item report', testInfo);

  await page.getByRole('link', { name: 'Back to the job\'s items' }).click();
  await expect(page.getByRole('list', { name: 'Items of this job' }).getByTestId('job-item')).toHaveCount(4);
});

test('a sign job names its creator, and the signed copy shows under Your signed content', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'jobs-sign');
  await useSession(page, session);
  const form = await openBatchJobs(page);
  await expect(page.getByText('Nothing signed yet.')).toBeVisible();

  await form.getByLabel('Sign').check();
  await form.getByLabel('File addresses, one per line').fill(ASSETS.unsigned);
  await form.getByRole('button', { name: 'Start Job' }).click();
  const creator = form.getByLabel('Creator Name');
  await expect(creator).toHaveAttribute('aria-invalid', 'true');
  await expect(creator).toBeFocused();
  await expect(creator).toHaveAccessibleDescription(/creator's name/);

  await creator.fill('E2E Batch Photographer');
  await form.getByRole('button', { name: 'Start Job' }).click();
  const job = page.getByTestId('batch-job').first();
  await expect(job).toContainText('Signing of 1 address');
  await expect(job.getByRole('progressbar', { name: '1 of 1 done, 0 failed' })).toBeVisible(JOB_DONE);
  await expect(job.getByTestId('job-status')).toHaveText('Finished');
  // The finished signing job refreshed the asset list above it.
  await expect(page.getByTestId('signed-asset')).toHaveCount(1);
  await expect(page.getByTestId('signed-by').first()).toBeVisible();
  await shoot(page, testInfo, 'dashboard-sign-job-finished');
});

test('a line that is not an http(s) address is said at the field, with its line, and nothing is sent', async ({ page, request }) => {
  const session = await signUpViaApi(request, 'jobs-bad-line');
  await useSession(page, session);
  const form = await openBatchJobs(page);
  let posted = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/api/v1/jobs')) posted += 1;
  });
  const urls = form.getByLabel('File addresses, one per line');
  await urls.fill(`${ASSETS.verified}\n\njavascript:alert(1)`);
  await form.getByRole('button', { name: 'Start Job' }).click();
  await expect(urls).toHaveAttribute('aria-invalid', 'true');
  await expect(urls).toBeFocused();
  await expect(urls).toHaveAccessibleDescription(/^Line 3: “javascript:alert\(1\)” is not an http or https address\./);
  expect(posted).toBe(0);
  await expect(page.getByText('No batch jobs yet.')).toBeVisible();
});
