// The installation's claim signer over real HTTP (issue 32): without CLAIM_SIGNER, the development
// product certificate (product in CN, operator in O, the CPL record's extensions when configured)
// signs every account's claim, and GET /pki/claim-signer says so and what other validators will
// make of it; with CLAIM_SIGNER=file: the operator's key and chain sign it (c2pa-wasm reads that
// certificate as the signer); with a remote signer, the reference signing service on loopback does,
// once it proved it holds the key; a wrong secret stops the start with a sentence naming CLAIM_SIGNER.
import 'reflect-metadata';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AsnConvert } from '@peculiar/asn1-schema';
import { DirectoryString } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import { ZClaimSigner, ZSignContentResponse, type TSignContentResponse } from '@provenance/contracts';
import { productCertificate } from '@provenance/engine';
import { CORPUS_DIR, corpusText, hasCorpus, makeImage, type SigningService, startSigningService } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createFileAssetStore } from '../../services/assets/asset-store.ts';
import type { ClaimSigning } from '../../services/claim-signer/installation-claim-signer.ts';
import { createEngine, type Engine } from '../../services/engine/engine.ts';
import { TEST_MAX_ASSET_BYTES } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, signUpAccount, type TestServer } from '../../testing/test-server.ts';

const CPL_RECORD = '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const leafOf = (chainPem: string) => new X509Certificate(chainPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)![0]);

describe.skipIf(!hasCorpus)('the installation’s claim signer', () => {
  let engine: Engine & { close: () => Promise<void> };
  // One database for the servers below (each its own services, as copies of one installation).
  let database: DbHandle;
  let image: Uint8Array;

  beforeAll(async () => {
    // The c2pa-rs test root as an operator list, so the operator's certificates verify here.
    engine = await createEngine({ pkiDir: path.join(mkdtempSync(path.join(tmpdir(), 'pg-claim-signer-')), 'pki'), trustAnchorFiles: [path.join(CORPUS_DIR, 'trust/c2pa-rs-test-roots.pem')] });
    database = await openTestDatabase('pglite');
    image = await makeImage('jpeg', 160, 120);
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await database?.close();
  });

  const serverWith = async (claimSigning?: ClaimSigning): Promise<TestServer> =>
    createTestServer(database, {
      engine,
      store: createFileAssetStore(mkdtempSync(path.join(tmpdir(), 'pg-claim-signer-assets-'))),
      config: { maxAssetBytes: TEST_MAX_ASSET_BYTES },
      ...(claimSigning && { claimSigning }),
    });
  const sign = async (server: TestServer, token: string): Promise<TSignContentResponse> => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(image)]), 'harbour.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    return readAnswer(ZSignContentResponse, await server.app.request('/api/v1/sign-content', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }));
  };
  const claimSignerOf = async (server: TestServer) => readAnswer(ZClaimSigner, await server.app.request('/api/v1/pki/claim-signer'));

  it('without CLAIM_SIGNER, the development product certificate signs two organisations’ claims, and Settings’ endpoint says other validators read it as untrusted', async () => {
    const server = await serverWith({ setting: { kind: 'development' }, operator: 'Example News Ltd', country: 'GB', conformingProduct: { recordId: CPL_RECORD, assuranceLevel: 1 } });
    await server.services.claimSigner.open();
    const described = await claimSignerOf(server);
    expect(described).toMatchObject({ source: 'development', onC2paTrustList: false });
    expect(described.statement).toMatch(/^Development product certificate from this gateway's own CA: other validators will read it as untrusted/);
    const leaf = new x509.X509Certificate(leafOf(described.certificateChain).raw);
    expect(leaf.subjectName.getField('CN')).toEqual(['Provenance Gateway']);
    expect(leaf.subjectName.getField('O')).toEqual(['Example News Ltd']);
    expect(leaf.notAfter.getTime() - leaf.notBefore.getTime()).toBeLessThanOrEqual(366 * 86_400_000);
    expect(leaf.getExtension(x509.AuthorityInfoAccessExtension)!.ocsp.map((name) => name.value)).toEqual(['http://localhost:8080/api/v1/pki/ocsp']);
    expect(AsnConvert.toString(leaf.getExtension(productCertificate.assuranceLevelExtension)!.value)).toBe('OBJECT IDENTIFIER : 1.3.6.1.4.1.62558.3.10');
    expect(AsnConvert.parse(leaf.getExtension(productCertificate.cplRecordExtension)!.value, DirectoryString).utf8String).toBe(CPL_RECORD);
    expect(Date.parse(described.renewsAt!)).toBeLessThan(Date.parse(described.notAfter));

    // Two accounts (two organisations), one product signer; c2pa-wasm reads it back from each signed file.
    const [one, two] = [await signUpAccount(server), await signUpAccount(server)];
    const signed = [await sign(server, one.session.access_token), await sign(server, two.session.access_token)];
    for (const { verification } of signed) {
      expect(verification.verification.status).toBe('verified');
      expect(verification.report.signer).toMatchObject({ commonName: 'Provenance Gateway', organization: 'Example News Ltd', serialNumber: described.serialNumber });
    }
  }, 60_000);

  it('without a CPL record the development certificate carries neither C2PA extension', async () => {
    const server = await serverWith();
    const described = await claimSignerOf(server);
    const leaf = new x509.X509Certificate(leafOf(described.certificateChain).raw);
    expect(leaf.getExtension(productCertificate.assuranceLevelExtension)).toBeNull();
    expect(leaf.getExtension(productCertificate.cplRecordExtension)).toBeNull();
    expect(leaf.subjectName.getField('O')).toEqual(['Provenance Gateway development installation']);
  }, 30_000);

  it('with CLAIM_SIGNER=file:key,chain, the operator’s certificate signs the claim of an account with a managed identity', async () => {
    const chainPath = path.join(CORPUS_DIR, 'certs/es256.chain.pem');
    const server = await serverWith({ setting: { kind: 'file', keyPath: path.join(CORPUS_DIR, 'certs/es256.key.pem'), chainPath } });
    await server.services.claimSigner.open();
    const operatorLeaf = leafOf(corpusText('certs/es256.chain.pem'));
    const described = await claimSignerOf(server);
    expect(described).toMatchObject({ source: 'file', serialNumber: operatorLeaf.serialNumber.toLowerCase(), renewsAt: null, onC2paTrustList: false });
    expect(described.statement).toMatch(/not the C2PA trust list: other validators will read it as untrusted/);

    const account = await signUpAccount(server);
    const { verification } = await sign(server, account.session.access_token);
    expect(verification.verification.status).toBe('verified');
    expect(verification.report.signer).toMatchObject({ commonName: 'C2PA Signer', serialNumber: operatorLeaf.serialNumber.toLowerCase() });
    expect(verification.report.signer?.certificateChainPem[0]).toContain(operatorLeaf.toString().split('\n')[1]);

    // Its root on a list of the C2PA trust list's tier (here the c2pa-rs test root stands for it): said so.
    const lists = engine.trustLists();
    await engine.replaceTrust([...lists, { name: 'C2PA trust list (test stand-in)', tier: 'conformant', pems: [corpusText('trust/c2pa-rs-test-roots.pem')] }]);
    try {
      const onList = await claimSignerOf(server);
      expect(onList.onC2paTrustList).toBe(true);
      expect(onList.statement).toBe(`From ${/CN=([^,\n]+)/.exec(operatorLeaf.issuer)![1]}, on the C2PA trust list: other validators will read its claims as signed by a trusted product.`);
    } finally {
      await engine.replaceTrust(lists);
    }
  }, 60_000);

  describe('a remote claim signer on loopback', () => {
    let service: SigningService;
    const secret = 'claim-signer-secret-0123456789';
    beforeAll(async () => {
      service = await startSigningService({ privateKeyPem: corpusText('certs/es384.key.pem'), certificateChainPem: corpusText('certs/es384.chain.pem'), secret, port: 0 });
    });
    afterAll(async () => service?.close());

    it('signs every claim through the service once it proved it holds the key', async () => {
      const server = await serverWith({ setting: { kind: 'remote', url: service.url, chainPath: path.join(CORPUS_DIR, 'certs/es384.chain.pem') }, secret });
      await server.services.claimSigner.open();
      expect(await claimSignerOf(server)).toMatchObject({ source: 'remote' });
      const account = await signUpAccount(server);
      const { verification } = await sign(server, account.session.access_token);
      expect(verification.verification.status).toBe('verified');
      expect(verification.report.signer?.serialNumber).toBe(leafOf(corpusText('certs/es384.chain.pem')).serialNumber.toLowerCase());
    }, 60_000);

    it('stops the start with a sentence naming CLAIM_SIGNER when the secret is wrong or a file is missing', async () => {
      const chainPath = path.join(CORPUS_DIR, 'certs/es384.chain.pem');
      const wrong = await serverWith({ setting: { kind: 'remote', url: service.url, chainPath }, secret: 'not-the-right-secret-at-all' });
      await expect(wrong.services.claimSigner.open()).rejects.toThrow(/^CLAIM_SIGNER: The signing service at http:\/\/127\.0\.0\.1:\d+\/ did not prove it holds the signing certificate's key/);
      const missing = await serverWith({ setting: { kind: 'file', keyPath: '/nonexistent/key.pem', chainPath } });
      await expect(missing.services.claimSigner.open()).rejects.toThrow(/^CLAIM_SIGNER: the private key file \/nonexistent\/key\.pem could not be read \(ENOENT\)/);
      const mismatched = await serverWith({ setting: { kind: 'file', keyPath: path.join(CORPUS_DIR, 'certs/es256.key.pem'), chainPath } });
      await expect(mismatched.services.claimSigner.open()).rejects.toThrow(/^CLAIM_SIGNER: The private key does not match the signing certificate/);
    }, 60_000);
  });
});
