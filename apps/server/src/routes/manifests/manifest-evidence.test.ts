// GET /manifests/{manifestId}/evidence over real HTTP: one ZIP archive an auditor keeps, each member
// checked as the auditor would (the report's verdict, c2pa-rs's crJSON, the .c2pa store byte for byte
// as the gateway keeps it, the PEMs and the stapled OCSP answer parsed, the trust snapshot whose ID
// is the SHA-256 the answer names), and the snapshot enough to reproduce the verdict; GET
// /trust/snapshots/{id} gives the same snapshot. An unknown manifest is 404.
import { X509Certificate } from 'node:crypto';
import { BasicOCSPResponse, OCSPResponse, OCSPResponseStatus, id_pkix_ocsp_basic } from '@peculiar/asn1-ocsp';
import { AsnConvert } from '@peculiar/asn1-schema';
import { EVIDENCE_ARCHIVE_MEMBERS as MEMBERS, ZSignContentResponse, ZTrustSnapshot, ZVerifyResponse } from '@provenance/contracts';
import { createTrustStore } from '@provenance/engine';
import { makeImage } from '@provenance/engine/testing';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer } from '../../testing/gateway-fixture.ts';
import { listenOnLoopback, type LoopbackApi } from '../../testing/loopback-api.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../../testing/test-server.ts';

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const certificatesOf = (pem: string): X509Certificate[] => (pem.match(PEM_BLOCK) ?? []).map((block) => new X509Certificate(block));

describe('GET /manifests/{manifestId}/evidence', () => {
  let database: DbHandle;
  let server: TestServer;
  let api: LoopbackApi;
  let close: () => Promise<void>;
  let manifestId: string;
  let signedBytes: Uint8Array;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    ({ server, close } = await createGatewayTestServer(database));
    api = await listenOnLoopback(server);
    const account = await signUpAccount(server);
    const form = new FormData();
    form.append('file', new Blob([await makeImage('jpeg', 320, 240, 33)], { type: 'image/jpeg' }), 'harbour.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    const signing = await fetch(`${api.base}/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${account.session.access_token}` } });
    expect(signing.status).toBe(201);
    const signed = await readAnswer(ZSignContentResponse, signing);
    manifestId = signed.manifestId;
    signedBytes = new Uint8Array(await (await fetch(`${api.base}/manifests/${encodeURIComponent(manifestId)}/asset`)).arrayBuffer());
  }, 60_000);
  afterAll(async () => {
    await api?.close();
    await close?.();
    await database?.close();
  });

  it('answers one archive with the report, crJSON, .c2pa, chain, anchors, OCSP answer and snapshot, each as the gateway holds or made it', { timeout: 60_000 }, async () => {
    const response = await fetch(`${api.base}/manifests/${encodeURIComponent(manifestId)}/evidence`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="urn_c2pa_[0-9a-f-]+\.evidence\.zip"$/);
    const members = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(members).sort()).toEqual(
      [MEMBERS.readme, MEMBERS.report, MEMBERS.crJson, MEMBERS.manifestStore, MEMBERS.signerChain, MEMBERS.trustAnchors, MEMBERS.tsaTrustAnchors, MEMBERS.ocspResponse, MEMBERS.trustSnapshot].sort(),
    );
    const text = (name: string): string => strFromU8(members[name]!);

    // The report: the file's verdict, made under a snapshot at an instant it names.
    const report = ZVerifyResponse.parse(JSON.parse(text(MEMBERS.report)));
    expect(report.verification.status).toBe('verified');
    expect(report.report.manifestId).toBe(manifestId);
    const evidence = report.verification.evidence!;
    expect(evidence.trustSnapshot?.id).toMatch(/^[0-9a-f]{64}$/);

    // c2pa-rs's crJSON of the same file.
    const crJson = JSON.parse(text(MEMBERS.crJson)) as { '@context'?: unknown; manifests?: { label?: string }[] };
    expect(JSON.stringify(crJson['@context'])).toContain('crjson');
    expect(crJson.manifests?.map((manifest) => manifest.label)).toContain(manifestId);
    expect(text(MEMBERS.crJson)).toContain('signingCredential.trusted');

    // The manifest store, byte for byte the one the gateway serves.
    const store = new Uint8Array(await (await fetch(`${api.base}/manifests/${encodeURIComponent(manifestId)}?format=c2pa`)).arrayBuffer());
    expect(store.byteLength).toBeGreaterThan(500);
    expect(Buffer.from(members[MEMBERS.manifestStore]!).equals(Buffer.from(store))).toBe(true);

    // The signer's chain: the report's, leaf first, each issued by the next.
    const chain = certificatesOf(text(MEMBERS.signerChain));
    expect(chain.map((certificate) => certificate.toString().trim())).toEqual(report.report.signer!.certificateChainPem.map((pem) => pem.trim()));
    expect(chain.length).toBeGreaterThanOrEqual(2);
    expect(chain[0]!.checkIssued(chain[1]!)).toBe(true);

    // The anchors: the gateway's root among them, and the chain ends at one of them.
    const anchors = certificatesOf(text(MEMBERS.trustAnchors));
    const root = new X509Certificate(server.services.engine.rootCertificatePem);
    expect(anchors.some((anchor) => anchor.fingerprint256 === root.fingerprint256)).toBe(true);
    expect(anchors.some((anchor) => chain.at(-1)!.checkIssued(anchor) && chain.at(-1)!.verify(anchor.publicKey))).toBe(true);
    expect(certificatesOf(text(MEMBERS.tsaTrustAnchors)).length).toBeGreaterThan(0);

    // The OCSP answer stapled at signing: a successful basic response, "good", for the signing certificate.
    const ocsp = AsnConvert.parse(members[MEMBERS.ocspResponse]!, OCSPResponse);
    expect(ocsp.responseStatus).toBe(OCSPResponseStatus.successful);
    expect(ocsp.responseBytes?.responseType).toBe(id_pkix_ocsp_basic);
    const basic = AsnConvert.parse(ocsp.responseBytes!.response.buffer, BasicOCSPResponse);
    const [single] = basic.tbsResponseData.responses;
    expect(single?.certStatus.good).toBeNull();
    expect(Buffer.from(single!.certID.serialNumber).toString('hex').replace(/^0+/, '')).toBe(chain[0]!.serialNumber.toLowerCase().replace(/^0+/, ''));

    // The snapshot: its lists hash to the very ID and list digests the answer names.
    const snapshot = ZTrustSnapshot.parse(JSON.parse(text(MEMBERS.trustSnapshot)));
    expect(snapshot.id).toBe(evidence.trustSnapshot!.id);
    const remade = createTrustStore(snapshot.lists).snapshot;
    expect(remade.id).toBe(evidence.trustSnapshot!.id);
    expect(remade.lists).toEqual(evidence.trustSnapshot!.lists);

    const readme = text(MEMBERS.readme);
    expect(readme).toContain(`Checked on ${evidence.validatedAt} against the trust lists of this gateway`);
    expect(readme).toContain(`trustSnapshot=${evidence.trustSnapshot!.id}`);
    for (const name of Object.keys(members).filter((member) => member !== MEMBERS.readme)) expect(readme).toContain(name);

    // The snapshot is served on its own too, and with the archive's ID and time reproduces the verdict.
    const served = await fetch(`${api.base}/trust/snapshots/${snapshot.id}`);
    expect(served.status).toBe(200);
    expect(await readAnswer(ZTrustSnapshot, served)).toEqual(snapshot);
    const form = new FormData();
    form.append('file', new Blob([signedBytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), 'harbour.jpg');
    const again = await readAnswer(ZVerifyResponse, await fetch(`${api.base}/verify-content?trustSnapshot=${snapshot.id}&at=${encodeURIComponent(evidence.validatedAt)}`, { method: 'POST', body: form }));
    expect(again.verification.status).toBe(report.verification.status);
    expect(again.report.codes.failure).toEqual(report.report.codes.failure);
    expect(again.verification.evidence?.trustSnapshot).toEqual(evidence.trustSnapshot);
  });

  it('answers 404 for a manifest it does not hold and for a snapshot it never answered under, 400 for a snapshot that is no ID', async () => {
    const unknown = await fetch(`${api.base}/manifests/${encodeURIComponent('urn:c2pa:00000000-0000-4000-8000-000000000000')}/evidence`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await fetch(`${api.base}/trust/snapshots/${'0'.repeat(64)}`)).status).toBe(404);
    const bad = await fetch(`${api.base}/trust/snapshots/latest`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain('trustSnapshot');

    // Both are in the OpenAPI document, the archive as application/zip and the snapshot by its schema.
    const doc = (await (await fetch(`${api.base}/openapi.json`)).json()) as { paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, unknown> }> } }>; components: { schemas: Record<string, unknown> } };
    expect(Object.keys(doc.paths['/manifests/{manifestId}/evidence']?.get?.responses['200']?.content ?? {})).toEqual(['application/zip']);
    expect(doc.paths['/trust/snapshots/{snapshotId}']?.get?.responses['200']?.content?.['application/json']).toEqual({ schema: { $ref: '#/components/schemas/TrustSnapshot' } });
    expect(doc.components.schemas).toHaveProperty('KeptTrustList');
  });
});
