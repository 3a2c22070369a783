// A managed certificate issued before the gateway put id-kp-documentSigning in it (an account's
// identity credential made the old way: emailProtection and C2PA claim-signing only) is replaced at
// the account's next signing, over real HTTP: c2pa-rs's CAWG trust model asks documentSigning of an
// identity credential, so the organisation's CAWG identity reads trusted again only under a new
// certificate; the replacement is told as an identity.reissued account event naming the old one.
import 'reflect-metadata';
import crypto, { webcrypto, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { ZSignContentResponse, ZSigningIdentity } from '@provenance/contracts';
import { localPki } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { gatewayCertificates, signingIdentities } from '../../db/schema/index.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { TEST_ORGANIZATION } from '../../testing/test-organization.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';
import type { AccountEvent } from '../account-events/account-events.ts';
import { createFileAssetStore } from '../assets/asset-store.ts';
import { createEngine, type Engine } from '../engine/engine.ts';
import { createKeyVault, type KeyVault } from './key-vault.ts';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';

/** The managed certificate as the gateway issued it before documentSigning: the same profile without that EKU. */
async function issueTheOldWay(pkiDir: string, organization: string): Promise<{ chainPem: string; keyPem: string; certificate: x509.X509Certificate }> {
  const intermediatePem = readFileSync(path.join(pkiDir, localPki.files.intermediateCertificate), 'utf8');
  const intermediate = new x509.X509Certificate(intermediatePem);
  const signingKey = await webcrypto.subtle.importKey('pkcs8', x509.PemConverter.decodeFirst(readFileSync(path.join(pkiDir, localPki.files.intermediateKey), 'utf8')), ALGORITHM, false, ['sign']);
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const serial = crypto.randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x10;
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serial.toString('hex'),
    subject: [{ O: [organization] }, { CN: [`${organization} via Provenance Gateway`] }],
    issuer: intermediate.subject,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 365 * 86_400_000),
    signingAlgorithm: ALGORITHM,
    publicKey: keys.publicKey,
    signingKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.4', '1.3.6.1.4.1.62558.2.1'], false),
      new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName('url', 'http://localhost:8080/api/v1/pki/ocsp')] }),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(intermediate),
    ],
  });
  const keyPem = x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
  return { chainPem: `${certificate.toString('pem').trimEnd()}\n${intermediate.toString('pem').trimEnd()}\n`, keyPem, certificate };
}

describe('a managed certificate made before documentSigning', () => {
  let database: DbHandle;
  let engine: Engine & { close: () => Promise<void> };
  let server: TestServer;
  let api: LoopbackApi;
  let vault: KeyVault;
  const events: AccountEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-managed-reissue-'));
    engine = await createEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: [], workers: 1 });
    vault = createKeyVault(crypto.randomBytes(32));
    server = await createTestServer(database, { engine, keyVault: vault, store: createFileAssetStore(path.join(dataDir, 'assets')), config: { maxAssetBytes: 8 * 1024 * 1024 } });
    server.services.accountEvents.on(async (event) => {
      events.push(event);
    });
    api = await listenOnLoopback(server);
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await server?.close();
    await engine?.close();
    await database?.close();
  });

  it('is replaced at the next signing, with an identity.reissued event, and the organisation’s CAWG identity reads trusted', async () => {
    const { session } = await signUpAccount(server);
    const userId = session.user.id;
    const old = await issueTheOldWay(path.dirname(engine.rootCertificatePath), TEST_ORGANIZATION);
    expect(new X509Certificate(old.chainPem).keyUsage).not.toContain(DOCUMENT_SIGNING);
    const oldId = crypto.randomUUID();
    const serialNumber = old.certificate.serialNumber.toLowerCase();
    await database.db.insert(gatewayCertificates).values({ serialNumber, status: 'good', userId });
    await database.db.insert(signingIdentities).values({
      id: oldId,
      userId,
      kind: 'managed',
      active: true,
      organization: TEST_ORGANIZATION,
      certificateChain: old.chainPem,
      sealedPrivateKey: vault.seal(old.keyPem),
      serialNumber,
      subject: old.certificate.subject,
      issuer: old.certificate.issuer,
      notAfter: old.certificate.notAfter,
    });

    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await makeImage('jpeg', 240, 160))]), 'harbour.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    const signed = await readAnswer(ZSignContentResponse, await fetch(`${api.base}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${session.access_token}` }, body: form }));
    const [identity, ...others] = signed.verification.verification.identities ?? [];
    expect(others).toEqual([]);
    expect(identity).toMatchObject({ name: TEST_ORGANIZATION, status: 'trusted' });
    expect(identity!.codes.success.map((code) => code.code)).toEqual(expect.arrayContaining(['cawg.x509.signature.validated', 'cawg.x509.credential.trusted']));

    // The account's active identity is a new managed certificate, with documentSigning; the old one stays listed, inactive.
    const listed = z.array(ZSigningIdentity).parse(await (await fetch(`${api.base}/account/signing-identities`, { headers: { authorization: `Bearer ${session.access_token}` } })).json());
    const active = listed.find((entry) => entry.active)!;
    expect(active.id).not.toBe(oldId);
    expect(active.kind).toBe('managed');
    expect(new X509Certificate(active.certificateChain).keyUsage).toContain(DOCUMENT_SIGNING);
    expect(listed.find((entry) => entry.id === oldId)).toMatchObject({ active: false });

    const reissued = events.filter((event) => event.type === 'identity.reissued');
    expect(reissued).toEqual([expect.objectContaining({ accountId: userId, data: expect.objectContaining({ identityId: active.id, previousIdentityId: oldId, reason: 'document_signing_missing' }) })]);

    // The next signing keeps the new certificate: no further reissue.
    const again = new FormData();
    again.append('file', new Blob([Buffer.from(await makeImage('jpeg', 240, 160, 2))]), 'harbour-2.jpg');
    again.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    await readAnswer(ZSignContentResponse, await fetch(`${api.base}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${session.access_token}` }, body: again }));
    expect(events.filter((event) => event.type === 'identity.reissued')).toHaveLength(1);
  }, 60_000);
});
