// Tampered GIF and M4A files, checked in the browser and on the gateway: the gateway's verdict is the
// reference. The browser runs the same c2pa-rs build, so it gives exactly the gateway's verdict; only
// where the gateway cannot read the file either may it say it could not decide.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { TVerifyResponse } from '@provenance/contracts';
import { APP_URL, dataDir } from './support/e2e-env.ts';
import { expect, signUpViaApi, test } from './support/fixtures.ts';
import { corpusFile, hasCorpusFile, signThroughApi } from './support/gateway.ts';

const SLOW = { timeout: 60_000 };
test.describe.configure({ timeout: 300_000 });

type Outcome = { status: string | null; reasonCode: string | null } | { undecided: string } | { error: string };

async function inBrowser(page: Page, file: string): Promise<Outcome> {
  await page.goto('/verify');
  await page.getByRole('radio', { name: /In this browser/ }).check();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
  const report = page.getByTestId('report');
  const failed = page.getByTestId('report-error');
  await expect(report.or(failed)).toBeVisible(SLOW);
  if (await failed.isVisible()) {
    const undecided = page.getByTestId('browser-undecided');
    return (await undecided.isVisible()) ? { undecided: (await failed.innerText()).trim() } : { error: (await failed.innerText()).trim() };
  }
  // The page writes no reason code as an empty attribute; the API says null.
  return { status: await report.getAttribute('data-status'), reasonCode: (await report.getAttribute('data-reason-code')) || null };
}

/** Flips the lowest bit of the byte at `at`. */
const flipped = (bytes: Buffer, at: number): Buffer => {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
};

/** The second sub-block of the GIF's C2PA application extension (the first data sub-block after its 11-byte identifier): where its data starts and its length. */
function gifSecondSubBlock(bytes: Buffer): { data: number; size: number } {
  const identifier = bytes.indexOf('C2PA_GIF', 0, 'latin1');
  const sizeAt = identifier + 11;
  return { data: sizeAt + 1, size: bytes[sizeAt]! };
}

const C2PA_UUID = Buffer.from('d8fec3d61b0e483c92975828877ec481', 'hex');

test('tampered GIF and M4A files: the browser agrees with the gateway or defers to it', async ({ page, request }) => {
  test.skip(!hasCorpusFile('c2pa-rs/sample1.gif') || !hasCorpusFile('c2pa-rs/sample1.m4a'), 'corpus files absent');
  const session = await signUpViaApi(request, 'tampered-agreement');
  const signedBytes = async (name: string, mimeType: string) => {
    const signed = await signThroughApi(request, { name, mimeType, buffer: readFileSync(corpusFile(`c2pa-rs/${name}`)), metadata: { creator: 'Tamper Test' } }, 'tampered', session);
    return Buffer.from(await (await request.get(signed.signedAssetUrl)).body());
  };
  const gif = await signedBytes('sample1.gif', 'image/gif');
  const m4a = await signedBytes('sample1.m4a', 'audio/mp4');
  const block = gifSecondSubBlock(gif);
  const uuidBox = m4a.indexOf(C2PA_UUID) - 8;
  const cases: { name: string; bytes: Buffer; ext: string; mime: string }[] = [
    { name: 'gif second sub-block size byte', bytes: flipped(gif, block.data - 1), ext: 'gif', mime: 'image/gif' },
    ...[0, 8, 20, 40, 64, 100, 160, 220, block.size - 1].map((k) => ({ name: `gif second sub-block byte ${k}`, bytes: flipped(gif, block.data + k), ext: 'gif', mime: 'image/gif' })),
    { name: 'm4a ftyp major brand byte', bytes: flipped(m4a, 8), ext: 'm4a', mime: 'audio/mp4' },
    { name: 'm4a ftyp brand last byte', bytes: flipped(m4a, 11), ext: 'm4a', mime: 'audio/mp4' },
    { name: 'm4a C2PA uuid box first body byte', bytes: flipped(m4a, uuidBox + 8), ext: 'm4a', mime: 'audio/mp4' },
    { name: 'm4a C2PA uuid box first byte after its UUID', bytes: flipped(m4a, uuidBox + 24), ext: 'm4a', mime: 'audio/mp4' },
  ];
  const dir = path.join(dataDir(), 'tampered-agreement');
  mkdirSync(dir, { recursive: true });
  const disagreements: string[] = [];
  for (const [index, item] of cases.entries()) {
    const file = path.join(dir, `case-${index}.${item.ext}`);
    writeFileSync(file, item.bytes);
    const answer = await request.post(`${APP_URL}/api/v1/verify-content`, { multipart: { file: { name: path.basename(file), mimeType: item.mime, buffer: item.bytes } } });
    const gateway: Outcome = answer.ok()
      ? (({ verification }: TVerifyResponse) => ({ status: verification.status, reasonCode: verification.reasonCode }))((await answer.json()) as TVerifyResponse)
      : { error: `${answer.status()}` };
    const browser = await inBrowser(page, file);
    // The browser runs the gateway's own c2pa-rs build: the same verdict, or a file neither could read
    // (the gateway refuses it, the browser gives no verdict or fails to read it).
    const agrees = JSON.stringify(browser) === JSON.stringify(gateway) || ('error' in gateway && ('undecided' in browser || 'error' in browser));
    console.log(`${item.name}: gateway ${JSON.stringify(gateway)}, browser ${JSON.stringify(browser)}`);
    if (!agrees) disagreements.push(`${item.name}: gateway ${JSON.stringify(gateway)}, browser ${JSON.stringify(browser)}`);
  }
  expect(disagreements).toEqual([]);
});
