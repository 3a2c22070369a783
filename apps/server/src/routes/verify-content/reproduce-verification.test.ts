// Results that reproduce: every answer records the trust lists it was made under
// (verification.evidence.trustSnapshot: an ID over the anchors, each list's SHA-256 and retrieval
// time) and the instant certificates were judged at; the gateway keeps every snapshot it answered
// under, and POST /verify-content with trustSnapshot and at gives the earlier result again after
// the lists in force have changed.
import path from 'node:path';
import { ZVerifyResponse, type TVerifyResponse } from '@provenance/contracts';
import { localPki, createPemSigner, sign, type TrustList } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import type { TestServer } from '../../testing/test-server.ts';

describe('reproducing a verification under its trust snapshot', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let signedBytes: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    let dataDir: string;
    ({ server, close, dataDir } = await createGatewayTestServer(database));
    const certificate = await localPki.issueAccountCertificate(path.join(dataDir, 'pki'), { organization: 'Archive Test News', ocspUrl: 'http://127.0.0.1:9/ocsp', validityDays: 30 });
    const signer = createPemSigner({ privateKeyPem: certificate.privateKeyPem, certificateChainPem: certificate.certificateChainPem });
    ({ signedBytes } = await sign(await makeImage('jpeg', 160, 120, 71), 'image/jpeg', { creator: 'Ada', aiAssisted: false }, { signer }));
  }, 60_000);
  afterAll(async () => {
    await close?.();
    await database?.close();
  });

  const verify = async (query = ''): Promise<Response> =>
    uploadRequest(server, `verify-content${query}`, { file: new Blob([signedBytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }) }, undefined, { name: 'archived.jpg' });
  /** What a verdict says, without what only says when and how it was made. */
  const verdictOf = (answer: TVerifyResponse) => {
    const { evidence: _evidence, revocation: _revocation, ...verdict } = answer.verification;
    return { verification: verdict, badge: answer.badge, codes: answer.report.codes };
  };

  it('records the lists and time of each answer, and gives the same result again under them after the lists change', { timeout: 60_000 }, async () => {
    const first = await readAnswer(ZVerifyResponse, await verify());
    expect(first.verification.status).toBe('verified');
    const evidence = first.verification.evidence!;
    expect(evidence.trustSnapshot?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(evidence.trustSnapshot?.lists).toContainEqual({ name: 'gateway root', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), retrievedAt: null });
    expect(Math.abs(Date.parse(evidence.validatedAt) - Date.now())).toBeLessThan(60_000);

    // The lists change: this gateway's own root is no longer trusted.
    const engine = server.services.engine;
    const withoutRoot: TrustList[] = engine.trustLists().filter((list) => list.tier !== 'gateway');
    await engine.replaceTrust(withoutRoot);
    const now = await readAnswer(ZVerifyResponse, await verify());
    expect(now.verification.status).toBe('partial');
    expect(now.verification.evidence?.trustSnapshot?.id).not.toBe(evidence.trustSnapshot?.id);

    // Under the first answer's snapshot, as of its time: the first result again.
    const query = `?trustSnapshot=${evidence.trustSnapshot!.id}&at=${encodeURIComponent(evidence.validatedAt)}`;
    const again = await readAnswer(ZVerifyResponse, await verify(query));
    expect(verdictOf(again)).toEqual(verdictOf(first));
    expect(again.verification.evidence).toEqual({ trustSnapshot: evidence.trustSnapshot, validatedAt: evidence.validatedAt });
    expect(again.eventId).toBeUndefined();
  });

  it('answers 404 for a snapshot this gateway never answered under, and 400 for one that is no ID', async () => {
    expect((await verify(`?trustSnapshot=${'0'.repeat(64)}`)).status).toBe(404);
    const bad = await verify('?trustSnapshot=latest');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('trustSnapshot');
  });
});
