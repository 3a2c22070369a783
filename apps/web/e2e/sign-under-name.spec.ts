// The first signing of an account with no organisation name, against the real server: the sign
// form asks for the name to sign under (required, and it says the name is published in every
// signature), signs under it, and does not ask again; the account's identity names it, never the email.
import { APP_URL } from './support/e2e-env.ts';
import { expect, shoot, signUpViaApi, test, toast, useSession } from './support/fixtures.ts';
import { makePng } from './support/png.ts';

test('the first signing asks for the name to sign under, signs under it, and does not ask again', async ({ page, request }, testInfo) => {
  // A fresh account as sign-up leaves it: no organisation name.
  const session = await signUpViaApi(request, 'dash-unnamed', null);
  await useSession(page, session);
  await page.goto('/dashboard');
  const form = page.getByRole('form', { name: 'Sign New Content' });
  const name = form.getByLabel('Name to sign under');
  await expect(name).toBeVisible();
  await expect(name).toHaveAttribute('aria-required', 'true');
  await expect(name).toHaveAccessibleDescription(/published in every signature you make/);

  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Pick File' }).click();
  await (await chooser).setFiles({ name: 'quay.png', mimeType: 'image/png', buffer: makePng(240, 160) });
  await form.getByLabel('Creator Name').fill('Ada Reporter');
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(toast(page, 'Missing information')).toContainText('Please provide the name to sign under');
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(/Give the name to sign under\./);
  await shoot(page, testInfo, 'dashboard-name-to-sign-under-desktop');

  await name.fill('Harbour Gazette');
  await form.getByRole('button', { name: 'Sign Content' }).click();
  await expect(toast(page, 'Content Signed Successfully!')).toContainText('urn:c2pa:');
  const result = page.getByTestId('sign-result');
  // Issue 32: the claim is signed by the installation's product certificate; the name is the account's identity (checked below).
  await expect(result).toContainText('Provenance Gateway');
  await expect(result).not.toContainText(session.user.email);
  // Set by that signing: not asked again, here or after a reload.
  await expect(name).toBeHidden();
  await page.reload();
  await expect(form.getByLabel('Creator Name')).toBeVisible();
  await expect(form.getByLabel('Name to sign under')).toHaveCount(0);

  const headers = { authorization: `Bearer ${session.access_token}` };
  expect(await (await request.get(`${APP_URL}/api/v1/account/organization`, { headers })).json()).toMatchObject({ name: 'Harbour Gazette', isSet: true });
  const [identity] = (await (await request.get(`${APP_URL}/api/v1/account/signing-identities`, { headers })).json()) as { subject: string }[];
  expect(identity?.subject).toContain('O=Harbour Gazette');
  expect(identity?.subject).not.toContain(session.user.email);
});
