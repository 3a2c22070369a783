// Revocation in the browser. The claims this gateway signs are signed by the installation's claim
// signer (issue 32); an account's managed certificate names its organisation (a CAWG identity). When
// the account revokes that certificate, the claim stands: in the browser (the default place), which
// reads the gateway's public CRL for the claim signer's certificate, as on the gateway, which reads
// the OCSP answer stapled in the signature. Both say verified, with revocation checked and passed,
// and both read the named actor revoked (the browser from the same CRL, the gateway from its records).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TSigningIdentity } from '@provenance/contracts';
import { expectAccessible } from './support/axe.ts';
import { APP_URL, dataDir } from './support/e2e-env.ts';
import { expect, shoot, signUpViaApi, test } from './support/fixtures.ts';
import { corpusFile, hasCorpusFile, signThroughApi } from './support/gateway.ts';
import { makePng } from './support/png.ts';

const SLOW = { timeout: 60_000 };
test.describe.configure({ timeout: 120_000 });

test('revoking the organisation’s certificate leaves the product-signed claim standing and reads its named actor revoked, in the browser as on the gateway', async ({ page, request }, testInfo) => {
  const session = await signUpViaApi(request, 'browser-revoked');
  const auth = { Authorization: `Bearer ${session.access_token}` };
  const signed = await signThroughApi(request, { name: 'harbour.png', mimeType: 'image/png', buffer: makePng(160, 100), metadata: { creator: 'Revoked Signer' } }, 'browser-revoked', session);
  const file = path.join(dataDir(), 'browser-revocation', 'harbour-signed.png');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, await (await request.get(signed.signedAssetUrl)).body());

  const identities = (await (await request.get(`${APP_URL}/api/v1/account/signing-identities`, { headers: auth })).json()) as TSigningIdentity[];
  const managed = identities.find((identity) => identity.active);
  expect(managed, 'the signing made a managed identity').toBeTruthy();
  const revoked = await request.post(`${APP_URL}/api/v1/account/signing-identities/${managed!.id}/revoke`, { headers: auth });
  expect(revoked.status(), await revoked.text()).toBe(200);

  // The default place is this browser: nothing is chosen.
  await page.goto('/verify');
  await expect(page.getByRole('radio', { name: /In this browser/ })).toBeChecked();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(file);
  const report = page.getByTestId('report');
  await expect(report).toBeVisible(SLOW);
  await expect(page.getByTestId('verify-place-note')).toHaveAttribute('data-place', 'browser');
  await expect(report).toHaveAttribute('data-status', 'verified');
  await expect(page.getByTestId('verdict').locator('[data-check="revocation"]')).toHaveAttribute('data-state', 'pass');
  // The organisation the claim names is revoked, in words, apart from the claim.
  const actor = page.getByRole('region', { name: 'Named actors' }).getByTestId('named-actor');
  await expect(actor).toHaveAttribute('data-status', 'revoked');
  await expect(actor).toContainText('Identity revoked: the certificate authority that issued its credential has revoked it');
  await expect(actor.getByTestId('named-actor-revocation')).toContainText('Revoked on');
  await shoot(page, testInfo, 'verify-in-browser-identity-revoked');
  await expectAccessible(page, 'verify in the browser, named actor revoked', testInfo);

  // The gateway says the same.
  await page.getByRole('radio', { name: /On the gateway/ }).check();
  const again = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await again).setFiles(file);
  await expect(page.getByTestId('verify-place-note')).toHaveAttribute('data-place', 'gateway', SLOW);
  await expect(page.getByTestId('report')).toHaveAttribute('data-status', 'verified');
  await expect(page.getByTestId('verdict').locator('[data-check="revocation"]')).toHaveAttribute('data-state', 'pass');
  await expect(page.getByRole('region', { name: 'Named actors' }).getByTestId('named-actor')).toHaveAttribute('data-status', 'revoked');
});

test('a signer this gateway did not issue: the browser says plainly that its revocation was not checked', async ({ page }) => {
  const file = 'c2pa-rs/CA.jpg';
  test.skip(!hasCorpusFile(file), `${file} is absent from the corpus`);
  await page.goto('/verify');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles(corpusFile(file));
  await expect(page.getByTestId('report')).toBeVisible(SLOW);
  await expect(page.getByTestId('verify-place-note')).toHaveAttribute('data-place', 'browser');
  const check = page.getByTestId('verdict').locator('[data-check="revocation"]');
  await expect(check).toHaveAttribute('data-state', 'unknown');
  await expect(check).toContainText('Not revoked: Not checked');
  await expect(check).toContainText('its revocation (OCSP) is checked only on the gateway');
});
