// Every corpus file, verified in the browser and on the gateway: the same verdict. One /verify page
// with "In this browser" chosen takes each file of ../shared/corpus through its own file input (the
// path a person's pick takes, and the page's own browser verification); the gateway is asked about the
// same bytes with POST /api/v1/verify-content. Status, reason code, manifest ID and each named actor's
// status must match. Files the browser does not give a verdict on by design are listed below with the
// reason, and what both sides then say is asserted: none is skipped. The sweep runs on the run's
// gateway (no corpus signer is trusted there) and on a second one that also trusts the c2pa-rs test
// roots (playwright.config.ts), where 19 corpus signers are trusted. (The corpus's one named actor,
// in C_with_CAWG_data.jpg, chains to neither, so it is compared as untrusted on both.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TVerifyResponse } from '@provenance/contracts';
import { APP_URL, TEST_ROOTS_URL } from './support/e2e-env.ts';
import { expect, test, testClientAddress } from './support/fixtures.ts';
import { corpusDir, corpusFile, hasCorpusFile } from './support/gateway.ts';

test.describe.configure({ timeout: 300_000 });

/** What one side said about a file. */
type Said =
  | { verdict: { status: string; reasonCode: string | null; manifestId: string | null; identities: string[] } }
  | { remoteManifest: true }
  | { undecided: string }
  | { refused: string };

/**
 * The files the browser gives no verdict on by design, and why; with what the gateway says of them.
 * Everything else in the corpus must get the gateway's verdict, exactly.
 */
const BY_DESIGN: Record<string, { why: string; browser: Said; gateway: Said }> = {
  'c2pa-rs/unsupported_type.txt': {
    why: 'plain text is no format the product reads: both refuse it',
    browser: { refused: 'Verification Failed\n\ntext/plain files cannot be verified in the browser.' },
    gateway: { refused: '422 unsupported_format' },
  },
  'public-testfiles/monotype-20240712-monotype_sans.ttf': {
    why: 'fonts are no format the product reads: both refuse it',
    browser: { refused: 'Verification Failed\n\nfont/ttf files cannot be verified in the browser.' },
    gateway: { refused: '422 unsupported_format' },
  },
  'c2pa-rs/dash1.m4s': {
    why: 'a DASH media segment (styp, no ftyp) is no format the product reads: both refuse it',
    browser: { refused: 'Verification Failed\n\napplication/octet-stream files cannot be verified in the browser.' },
    gateway: { refused: '422 unsupported_format' },
  },
  // A manifest kept at a web address is fetched by the gateway, never by the browser: the page sends
  // the person there. This gateway may fetch only loopback addresses, so it cannot fetch it either.
  'c2pa-rs/cloud.jpg': { why: 'its manifest is remote', browser: { remoteManifest: true }, gateway: { refused: '422 fetch_network' } },
  'c2pa-rs/libpng-test_with_url.png': { why: 'its manifest is remote', browser: { remoteManifest: true }, gateway: { refused: '422 fetch_network' } },
  // Files c2pa-rs cannot read (hostile or broken): the gateway refuses them as malformed, the browser
  // gives no verdict and says why in the same words, offering the gateway. Neither gives a verdict.
  ...Object.fromEntries(
    (
      [
        ['c2pa-rs/nested_moov_1000.mp4', 'its boxes are nested too deeply'],
        ['c2pa-rs/no_alg.jpg', 'its manifest names an unknown signing algorithm'],
        ['c2pa-rs/prerelease.jpg', 'its manifest uses a pre-release C2PA format that is no longer supported'],
        ['c2pa-rs/sample3.invalid.wav', 'the RIFF structure is invalid'],
        ['c2pa-rs/tiff_poc.tiff', 'the TIFF file has too many subfiles'],
      ] as const
    ).map(([file, reason]) => [
      file,
      {
        why: `c2pa-rs cannot read it: ${reason}`,
        browser: { undecided: `No verdict in this browser\n\nThis browser could not read the file's Content Credentials (${reason}), so it gives no verdict: verify it on the gateway, whose verdict decides.` },
        gateway: { refused: '422 malformed_asset' },
      },
    ]),
  ),
};

const MEDIA = /\.(jpe?g|png|webp|avif|heic|heif|gif|tiff?|svg|mp4|m4v|m4s|mov|m4a|wav|mp3|pdf|ttf|txt)$/i;

/** Every file of the corpus a user could pick: the media of c2pa-rs/ and public-testfiles/ (not their licences). */
function corpusFiles(): string[] {
  return ['c2pa-rs', 'public-testfiles'].flatMap((folder) =>
    readdirSync(corpusFile(folder))
      .filter((name) => !name.startsWith('LICENSE'))
      .map((name) => `${folder}/${name}`),
  );
}

async function onGateway(request: APIRequestContext, gatewayUrl: string, file: string): Promise<Said> {
  const answer = await request.post(`${gatewayUrl}/api/v1/verify-content`, {
    headers: { 'X-Forwarded-For': testClientAddress() },
    multipart: { file: { name: path.basename(file), mimeType: 'application/octet-stream', buffer: readFileSync(corpusFile(file)) } },
  });
  if (!answer.ok()) {
    const body = (await answer.json().catch(() => null)) as { error?: { code?: string } } | null;
    return { refused: `${answer.status()} ${body?.error?.code ?? ''}`.trim() };
  }
  const { verification, report } = (await answer.json()) as TVerifyResponse;
  return {
    verdict: {
      status: verification.status,
      reasonCode: verification.reasonCode,
      manifestId: report.manifestId,
      identities: (verification.identities ?? []).map((identity) => identity.status),
    },
  };
}

/** The outcome on screen that was not there before this file was chosen (older ones are marked). */
async function freshOutcome(page: Page): Promise<Locator> {
  await page.locator('[data-testid="report"], [data-testid="report-error"]').evaluateAll((nodes) => nodes.forEach((node) => node.setAttribute('data-swept', '')));
  return page.locator('[data-testid="report"]:not([data-swept]), [data-testid="report-error"]:not([data-swept])');
}

async function inBrowser(page: Page, file: string): Promise<Said> {
  const outcome = await freshOutcome(page);
  await page.getByTestId('file-input').setInputFiles(corpusFile(file));
  // Waited for as it appears (expect's polling backs off to a second, which would double the sweep).
  await outcome.waitFor({ state: 'visible', timeout: 60_000 });
  if ((await outcome.getAttribute('data-testid')) === 'report-error') {
    if (await page.getByTestId('remote-manifest').isVisible()) return { remoteManifest: true };
    const text = (await outcome.innerText()).trim();
    return (await page.getByTestId('browser-undecided').isVisible()) ? { undecided: text } : { refused: text };
  }
  const manifestId = (await outcome.getByTestId('fact-manifest-id').locator('dd').innerText()).trim();
  return {
    verdict: {
      status: (await outcome.getAttribute('data-status')) ?? '',
      // The page writes no reason code as an empty attribute; the API says null.
      reasonCode: (await outcome.getAttribute('data-reason-code')) || null,
      manifestId: manifestId === 'Not stated' ? null : manifestId,
      identities: await outcome.getByTestId('named-actor').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status') ?? '')),
    },
  };
}

/** The reference verdicts of the corpus (README.md there): c2pa-rs's, read with trust checking off. */
const referenceVerdicts = (): Record<string, { untrusted: { state?: string } }> =>
  (JSON.parse(readFileSync(corpusFile('expected.json'), 'utf8')) as { files: Record<string, { untrusted: { state?: string } }> }).files;

/** Sweeps `files` on the gateway at `gatewayUrl`: its page in the browser against its API. */
async function sweep(page: Page, request: APIRequestContext, gatewayUrl: string, files: readonly string[]): Promise<Map<string, number>> {
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/verify-content')) uploads.push(sent.url());
  });
  await page.goto(`${gatewayUrl}/verify`);
  await page.getByRole('radio', { name: /In this browser/ }).check();

  const disagreements: string[] = [];
  const verdicts = new Map<string, number>();
  for (const file of files) {
    const [browser, gateway] = await Promise.all([inBrowser(page, file), onGateway(request, gatewayUrl, file)]);
    const designed = BY_DESIGN[file];
    const agrees = designed
      ? JSON.stringify([browser, gateway]) === JSON.stringify([designed.browser, designed.gateway])
      : 'verdict' in browser && JSON.stringify(browser) === JSON.stringify(gateway);
    if (!agrees) disagreements.push(`${file}: browser ${JSON.stringify(browser)}, gateway ${JSON.stringify(gateway)}${designed ? ` (expected by design: ${designed.why})` : ''}`);
    else if ('verdict' in browser) verdicts.set(browser.verdict.status, (verdicts.get(browser.verdict.status) ?? 0) + 1);
  }
  const withoutVerdict = files.filter((file) => file in BY_DESIGN).length;
  console.log(`${gatewayUrl}: ${files.length - disagreements.length} of ${files.length} corpus files agree (verdicts ${JSON.stringify(Object.fromEntries(verdicts))}, ${withoutVerdict} without a verdict by design)`);
  expect(disagreements).toEqual([]);
  expect(uploads, 'a browser verification sends no file').toEqual([]);
  return verdicts;
}

test('every corpus file gets the same verdict in the browser as on the gateway', async ({ page, request }) => {
  test.skip(!hasCorpusFile('expected.json'), `${corpusDir} is absent`);
  const files = corpusFiles();
  // The corpus's own list of files with reference verdicts is all there is to pick, and all is swept.
  expect(files.toSorted()).toEqual(Object.keys(referenceVerdicts()).toSorted());
  expect(files.filter((file) => !MEDIA.test(file))).toEqual([]);
  const verdicts = await sweep(page, request, APP_URL, files);
  // Under the official lists alone the corpus's signers are not trusted.
  expect(verdicts.get('verified')).toBeUndefined();
});

test('and where the c2pa-rs test roots are trusted too, trusted signers included', async ({ page, request }) => {
  test.skip(!hasCorpusFile('trust/c2pa-rs-test-roots.pem'), `${corpusDir} is absent`);
  // Trust decides only for a file whose credentials c2pa-rs reads (a state in the reference): those are
  // swept again here; unsigned, unreadable and refused files are trust's no business.
  const reference = referenceVerdicts();
  const files = corpusFiles().filter((file) => reference[file]?.untrusted.state);
  expect(files.length).toBeGreaterThan(30);
  const verdicts = await sweep(page, request, TEST_ROOTS_URL, files);
  // The sweep compares trusted verdicts too: most of the corpus's signers chain to these roots.
  expect(verdicts.get('verified')).toBeGreaterThan(10);
});
