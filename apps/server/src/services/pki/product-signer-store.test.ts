import crypto, { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { localPki } from '@provenance/engine';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { gatewayCertificates, gatewayPki } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { productProfileOf } from '../claim-signer/installation-claim-signer.ts';
import { createKeyVault } from '../signing-identities/key-vault.ts';
import { syncGatewayPki } from './gateway-pki-store.ts';
import { createProductSignerStore } from './product-signer-store.ts';

// The development product certificate is the shared PKI's signer: issued once for every copy (the
// earlier three-year gateway signer replaced), renewed by one copy in its last 30 days and taken by
// the others, recorded for the gateway's OCSP answers, and issued again when the operator's names change.
const pkiDir = () => path.join(mkdtempSync(path.join(tmpdir(), 'pg-product-signer-')), 'pki');
const DAY_MS = 86_400_000;

describe('the development product certificate in the shared PKI', () => {
  let database: DbHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('replaces the earlier gateway signer once for all copies, and one copy renews it before its end', async () => {
    database = await openTestDatabase('pglite');
    const { db } = database;
    const vault = createKeyVault(crypto.randomBytes(32));
    const [dirA, dirB] = [pkiDir(), pkiDir()];
    await syncGatewayPki({ db, vault, pkiDir: dirA });
    await syncGatewayPki({ db, vault, pkiDir: dirB });
    const earlier = new X509Certificate(readFileSync(path.join(dirA, localPki.files.signerCertificate), 'utf8'));
    expect(earlier.subject).toContain('CN=Provenance Gateway Signer');

    let now = new Date();
    const clock = () => now;
    const profile = productProfileOf({ setting: { kind: 'development' }, operator: 'Example News Ltd', country: 'GB' }, 'https://gateway.example');
    const copyA = createProductSignerStore({ db, vault, pkiDir: dirA, profile, clock });
    const copyB = createProductSignerStore({ db, vault, pkiDir: dirB, profile, clock });
    const [first, fromB] = await Promise.all([copyA.current(), copyB.current()]);
    expect(fromB.certificateChainPem).toBe(first.certificateChainPem);
    const leaf = new X509Certificate(first.certificateChainPem);
    expect(leaf.subject.split('\n')).toEqual(['C=GB', 'O=Example News Ltd', 'CN=Provenance Gateway']);
    expect(leaf.serialNumber).not.toBe(earlier.serialNumber);
    expect(leaf.infoAccess).toContain('OCSP - URI:https://gateway.example/api/v1/pki/ocsp');
    expect(Date.parse(leaf.validTo) - Date.parse(leaf.validFrom)).toBeLessThanOrEqual(366 * DAY_MS);
    const [row] = await db.select().from(gatewayPki).where(eq(gatewayPki.id, 'gateway'));
    expect(row!.signerChain).toBe(first.certificateChainPem);
    expect(vault.open(row!.sealedSignerKey)).toBe(first.privateKeyPem);
    const recorded = async (serial: string) => db.select({ status: gatewayCertificates.status, userId: gatewayCertificates.userId }).from(gatewayCertificates).where(eq(gatewayCertificates.serialNumber, serial.toLowerCase()));
    expect(await recorded(leaf.serialNumber)).toEqual([{ status: 'good', userId: null }]);

    // Kept until its last 30 days, then renewed once, and the other copy takes the renewed one.
    expect(first.renewAt.getTime()).toBe(first.notAfter.getTime() - 30 * DAY_MS);
    now = new Date(first.renewAt.getTime() - DAY_MS);
    expect((await copyA.current()).certificateChainPem).toBe(first.certificateChainPem);
    now = new Date(first.renewAt.getTime() + 60_000);
    const renewed = await copyA.current();
    const renewedLeaf = new X509Certificate(renewed.certificateChainPem);
    expect(renewedLeaf.serialNumber).not.toBe(leaf.serialNumber);
    expect(renewed.notAfter.getTime()).toBeGreaterThan(first.notAfter.getTime());
    expect((await copyB.current()).certificateChainPem).toBe(renewed.certificateChainPem);
    expect(await recorded(renewedLeaf.serialNumber)).toEqual([{ status: 'good', userId: null }]);

    // A later start of the other copy writes the renewed signer into its folder, not setting the PKI aside.
    expect(await syncGatewayPki({ db, vault, pkiDir: dirB })).toMatchObject({ source: 'database', setAside: null });
    expect(readFileSync(path.join(dirB, localPki.files.signerChain), 'utf8')).toBe(renewed.certificateChainPem);

    // Another operator name issues a new certificate at once.
    const renamed = await createProductSignerStore({ db, vault, pkiDir: dirA, profile: { ...profile, operator: 'Example Media Group' }, clock }).current();
    expect(new X509Certificate(renamed.certificateChainPem).subject).toContain('O=Example Media Group');
  }, 60_000);
});
