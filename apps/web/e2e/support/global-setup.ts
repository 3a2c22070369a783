// Runs once after the servers are up: creates the few accounts the specs share, through the real
// sign-up endpoint, confirmed by the link of their mail. Sharing keeps the run within the server's sign-up limit (10 per address per
// hour, and 10 sign-ins per account per 15 minutes); each spec still gets its own session by
// signing in to one of them.
import { writeFileSync } from 'node:fs';
import { ACCOUNTS_FILE, APP_URL } from './e2e-env.ts';
import { confirmationLink, tokenOfLink } from './mail.ts';

export const SHARED_ACCOUNT_COUNT = 3;
export const SHARED_PASSWORD = 'correct horse battery';

export default async function globalSetup(): Promise<void> {
  const accounts: { email: string; password: string }[] = [];
  for (let index = 0; index < SHARED_ACCOUNT_COUNT; index += 1) {
    const email = `e2e-shared-${index}-${Date.now().toString(36)}@example.com`;
    const response = await fetch(`${APP_URL}/api/v1/auth/sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: SHARED_PASSWORD }),
    });
    if (response.status !== 202) throw new Error(`Creating a shared test account failed: ${response.status} ${await response.text()}`);
    // Confirmed by the link of its mail, as a person would.
    const confirmed = await fetch(`${APP_URL}/api/v1/auth/confirm-sign-up`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: tokenOfLink(await confirmationLink(email)) }),
    });
    if (confirmed.status !== 201) throw new Error(`Confirming a shared test account failed: ${confirmed.status} ${await confirmed.text()}`);
    await nameOrganization(((await confirmed.json()) as { session: { access_token: string } }).session.access_token);
    accounts.push({ email, password: SHARED_PASSWORD });
  }
  writeFileSync(ACCOUNTS_FILE(), JSON.stringify(accounts));
}

/** The shared accounts sign under a name, as every account must (a fresh one is asked at its first signing). */
async function nameOrganization(accessToken: string): Promise<void> {
  const response = await fetch(`${APP_URL}/api/v1/account/organization`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ name: 'E2E Newsroom' }),
  });
  if (response.status !== 200) throw new Error(`Naming a shared test account's organisation failed: ${response.status} ${await response.text()}`);
}
