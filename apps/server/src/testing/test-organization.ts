// The name the test fixtures' accounts sign under: a fresh account has none, and cannot sign
// through its managed certificate until it gives one (the account's email is never published).

export const TEST_ORGANIZATION = 'Test Newsroom';

/** Sets the name an account of the server at `api` (its /api/v1 address) signs under, as Settings does. */
export async function nameTestOrganizationAt(api: string, token: string, name = TEST_ORGANIZATION): Promise<void> {
  const response = await fetch(`${api}/account/organization`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ name }) });
  if (response.status !== 200) throw new Error(`naming the organisation failed: ${response.status} ${await response.text()}`);
}
