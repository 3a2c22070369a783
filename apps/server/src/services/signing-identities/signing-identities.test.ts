import crypto from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureLocalPki } from '@provenance/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { eq } from 'drizzle-orm';
import { gatewayCertificates, organizationProfiles, users } from '../../db/schema/index.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createGatewayCertificateStatus } from '../revocation/gateway-certificate-status.ts';
import { createKeyVault } from './key-vault.ts';
import { createSigningIdentities, type SigningIdentities } from './signing-identities.ts';

const DAY_MS = 86_400_000;

describe('managed signing identities over time', () => {
  let database: DbHandle;
  let identities: SigningIdentities;
  let now = new Date('2026-11-23T00:00:00Z');
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const { pki } = await ensureLocalPki(path.join(mkdtempSync(path.join(tmpdir(), 'pg-identities-')), 'pki'));
    identities = createSigningIdentities({ db: database.db, vault: createKeyVault(crypto.randomBytes(32)), rootCertificatePath: pki.rootCertificatePath, ocspUrl: 'https://gateway.example/api/v1/pki/ocsp', clock: () => now });
  });
  afterAll(async () => database?.close());

  const account = async () => {
    const id = crypto.randomUUID();
    await database.db.insert(users).values({ id, name: 'Reporter', email: `${id}@example.com` });
    await identities.setOrganization(id, 'Harbour Gazette');
    return id;
  };

  it('keeps one certificate while it is current, and issues a new one in its last month and once it is revoked', async () => {
    const userId = await account();
    const first = await identities.signerFor(userId);
    now = new Date(now.getTime() + 300 * DAY_MS);
    expect((await identities.signerFor(userId)).identityId).toBe(first.identityId);
    now = new Date(now.getTime() + 40 * DAY_MS);
    const renewed = await identities.signerFor(userId);
    expect(renewed.identityId).not.toBe(first.identityId);
    const [current] = await identities.list(userId);
    expect(new Date(current!.notAfter).getTime()).toBeGreaterThan(now.getTime() + 300 * DAY_MS);
    const serial = (await database.db.query.signingIdentities.findFirst({ where: (table, { eq }) => eq(table.id, renewed.identityId) }))!.serialNumber;
    await createGatewayCertificateStatus(database.db).revoke(serial, now);
    expect((await identities.signerFor(userId)).identityId).not.toBe(renewed.identityId);
  });

  it('signs under no name but one the account gave: without one it is refused, and a certificate issued under the email earlier is replaced', async () => {
    const id = crypto.randomUUID();
    const email = `${id}@example.com`;
    await database.db.insert(users).values({ id, name: 'Reporter', email });
    await expect(identities.signerFor(id)).rejects.toMatchObject({ kind: 'conflict', code: 'organization_required' });
    await expect(identities.requireSigningName(id)).rejects.toMatchObject({ code: 'organization_required', message: expect.stringContaining('organization') });
    expect(await identities.list(id)).toEqual([]);

    // Before names were required the managed certificate named the email: such a one is in the account's identities.
    await identities.setOrganization(id, email);
    const legacy = await identities.signerFor(id);
    await database.db.delete(organizationProfiles).where(eq(organizationProfiles.userId, id));
    await expect(identities.signerFor(id)).rejects.toMatchObject({ code: 'organization_required' });

    await identities.requireSigningName(id, '  Harbour Gazette ');
    expect(await identities.organizationOf(id)).toMatchObject({ name: 'Harbour Gazette', isSet: true });
    const named = await identities.signerFor(id);
    expect(named.identityId).not.toBe(legacy.identityId);
    const [current] = await identities.list(id);
    expect(current!.subject).toContain('O=Harbour Gazette');
    expect(current!.subject).not.toContain(email);
    // Once set, the name is changed in Settings only: a signing naming another is refused.
    await expect(identities.requireSigningName(id, 'Other Gazette')).rejects.toMatchObject({ code: 'organization_mismatch' });
    await identities.requireSigningName(id, 'Harbour Gazette');
  });

  it('issues one certificate when an account signs twice at once for the first time', async () => {
    const userId = await account();
    const [a, b] = await Promise.all([identities.signerFor(userId), identities.signerFor(userId)]);
    expect(a.identityId).toBe(b.identityId);
    expect(await identities.list(userId)).toHaveLength(1);
  });
});

// Two server copies over one database (each with its own signerFor, which only joins its own calls):
// an account's first signings on both at once still get one managed certificate.
describe.each(testDatabaseKinds())('managed signing identities on two server copies (%s)', (kind) => {
  let database: DbHandle;
  afterAll(async () => database?.close());

  it('issues one certificate when the account signs on two copies at once for the first time', async () => {
    database = await openTestDatabase(kind);
    const { pki } = await ensureLocalPki(path.join(mkdtempSync(path.join(tmpdir(), 'pg-identities-copies-')), 'pki'));
    const vault = createKeyVault(crypto.randomBytes(32));
    const copies = [1, 2].map(() => createSigningIdentities({ db: database.db, vault, rootCertificatePath: pki.rootCertificatePath, ocspUrl: 'https://gateway.example/api/v1/pki/ocsp' }));
    const userId = crypto.randomUUID();
    await database.db.insert(users).values({ id: userId, name: 'Reporter', email: `${userId}@example.com` });
    await copies[0]!.setOrganization(userId, 'Harbour Gazette');
    const signers = await Promise.all([...copies, ...copies].map((copy) => copy.signerFor(userId)));
    expect(new Set(signers.map((signer) => signer.identityId)).size).toBe(1);
    expect(await copies[0]!.list(userId)).toHaveLength(1);
    expect(await database.db.select().from(gatewayCertificates)).toHaveLength(1);
  });
});
