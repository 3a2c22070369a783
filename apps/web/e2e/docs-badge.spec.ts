// The embeddable badge as /docs documents it: the snippet copied from the page, with a real manifest
// ID and image address typed in, pasted into a publisher's page on another origin, shows the badge
// with the gateway's verdict.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, shoot, test } from './support/fixtures.ts';
import { signThroughApi } from './support/gateway.ts';
import { makePng } from './support/png.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
test.describe.configure({ timeout: 120_000 });

let publisher: Server | null = null;
test.afterAll(async () => {
  await new Promise((resolve) => (publisher ? publisher.close(resolve) : resolve(undefined)));
});

test('the badge snippet from /docs works on a publisher’s page', async ({ page, request }, testInfo) => {
  // The app server reads the badge script from disk on each request, so building it now is enough.
  execFileSync('npm', ['run', 'build', '-w', '@provenance/badge'], { cwd: repoRoot, stdio: 'ignore' });
  const signed = await signThroughApi(request, { name: 'pier.png', mimeType: 'image/png', buffer: makePng(240, 150), metadata: { creator: 'Docs Reader', title: 'Pier' } }, 'docs-badge');
  const image = await (await request.get(signed.signedAssetUrl)).body();

  let snippet = '';
  publisher = createServer((req, res) => {
    if (req.url === '/pier.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(image);
    else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Harbour news</title></head><body><h1>The pier at dawn</h1>${snippet}</body></html>`);
  });
  await new Promise<void>((resolve) => publisher!.listen(0, '127.0.0.1', resolve));
  const publisherUrl = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;

  await page.goto('/docs');
  const docs = page.getByRole('region', { name: 'Embed the Content Credentials badge' });
  await docs.getByLabel('Manifest ID used in the snippet').fill(signed.manifestId);
  await page.getByLabel('Asset URL used in the examples').fill(`${publisherUrl}/pier.png`);
  const code = docs.getByTestId('example-html').locator('code');
  await expect(code).toContainText(signed.manifestId);
  await shoot(page, testInfo, 'docs-embed-badge');
  snippet = await code.innerText();

  await page.goto(`${publisherUrl}/`);
  const badge = page.locator('content-credentials');
  await expect(badge).toHaveAttribute('data-status', 'verified', { timeout: 45_000 });
  await expect(badge.getByRole('button', { name: /^CR, Content Credentials: verified/ })).toBeVisible();
});
