import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import { sign } from '../sign.ts';
import { createPemSigner, parseCertificateChainPem } from '../signer/claim-signer.ts';
import { makeImage } from '../testing/make-assets.ts';
import { corpusFile, corpusText, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { verify } from '../verify.ts';
import { bundledListInfo, bundledTrustLists } from './bundled-lists.ts';
import { createTrustStore, NO_TRUST } from './trust-store.ts';

let pki: LocalPki;
let signed: Uint8Array;

beforeAll(async () => {
  ({ pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-trust-store-')), 'pki')));
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  signed = (await sign(await makeImage('jpeg', 120, 80), 'image/jpeg', { creator: 'Ada' }, { signer })).signedBytes;
});

const chainOf = (pem: string) => parseCertificateChainPem(pem).map((der) => new Uint8Array(der));

describe('the trust store', () => {
  it('names the list, tier and anchor a signer chain ends at', () => {
    const trust = createTrustStore([{ name: 'newsroom', tier: 'custom', pems: [pki.rootCertificatePem] }]);
    const verdict = trust.vouch(chainOf(pki.signerChainPem));
    expect(verdict).toMatchObject({ tier: 'custom', list: 'newsroom', anchor: { subject: expect.stringContaining('CN=') } });
    expect(verdict.anchor?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(trust.lists).toEqual([{ name: 'newsroom', tier: 'custom', purpose: 'signers', source: null, anchors: 1 }]);
  });

  it('lets the strongest list speak for an anchor on several, and never a time-stamping list', () => {
    const both = createTrustStore([
      { name: 'interim', tier: 'legacy', pems: [pki.rootCertificatePem] },
      { name: 'gateway root', tier: 'gateway', pems: [pki.rootCertificatePem] },
    ]);
    expect(both.anchors).toHaveLength(1);
    expect(both.vouch(chainOf(pki.signerChainPem))).toMatchObject({ tier: 'gateway', list: 'gateway root' });
    const timestampsOnly = createTrustStore([{ name: 'tsa', tier: 'conformant', purpose: 'timestamps', pems: [pki.rootCertificatePem] }]);
    expect(timestampsOnly.vouch(chainOf(pki.signerChainPem))).toEqual({ tier: 'untrusted', list: null, anchor: null });
  });

  it('changes version when a list changes tier', () => {
    const custom = createTrustStore([{ name: 'a', tier: 'custom', pems: [pki.rootCertificatePem] }]);
    const legacy = createTrustStore([{ name: 'a', tier: 'legacy', pems: [pki.rootCertificatePem] }]);
    expect(custom.version).not.toBe(legacy.version);
  });

  it('labels a verification vouched for by a legacy list as Legacy, and one on no list as untrusted', async () => {
    const legacy = await verify(signed, 'image/jpeg', { trust: createTrustStore([{ name: 'interim trust list', tier: 'legacy', pems: [pki.rootCertificatePem] }]) });
    expect(legacy.verification).toMatchObject({ status: 'verified', trust: { tier: 'legacy', list: 'interim trust list' } });
    expect(legacy.badge.message).toMatch(/^Content Credentials verified \(Legacy\)/);
    const nobody = await verify(signed, 'image/jpeg', { trust: createTrustStore(bundledTrustLists()) });
    expect(nobody.verification).toMatchObject({ status: 'partial', trustLevel: 'untrusted', reasonCode: 'signingCredential.untrusted', trust: { tier: 'untrusted' } });
    expect((await verify(signed, 'image/jpeg', { trust: NO_TRUST })).verification.trust.tier).toBe('untrusted');
  });

  it('shows the gateway’s own parent manifest in a file it re-signed as verified, not partial', async () => {
    const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    const resigned = (await sign(signed, 'image/jpeg', { creator: 'Bea' }, { signer })).signedBytes;
    const trust = createTrustStore([{ name: 'gateway root', tier: 'gateway', pems: [pki.rootCertificatePem] }]);
    const report = await verify(resigned, 'image/jpeg', { trust });
    expect(report.verification.status).toBe('verified');
    expect(report.report.ingredients.map((ingredient) => ingredient.status)).toEqual(['verified']);
    // Under lists that do not vouch for the gateway, the parent is only intact.
    const elsewhere = await verify(resigned, 'image/jpeg', { trust: createTrustStore(bundledTrustLists()) });
    expect(elsewhere.report.ingredients.map((ingredient) => ingredient.status)).toEqual(['partial']);
  });
});

describe('the bundled trust lists', () => {
  it('are the C2PA trust list and TSA trust list, with their source, retrieval date and licence', () => {
    const info = bundledListInfo();
    expect(info.map((list) => [list.name, list.tier, list.purpose])).toEqual([
      ['C2PA trust list', 'conformant', 'signers'],
      ['C2PA TSA trust list', 'conformant', 'timestamps'],
    ]);
    for (const list of info) {
      expect(list.source).toMatch(/^https:\/\/raw\.githubusercontent\.com\/c2pa-org\/conformance-public\//);
      expect(list.retrieved).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(list.licence).toBe('CC-BY-4.0');
    }
    const trust = createTrustStore(bundledTrustLists());
    expect(trust.lists.every((list) => list.anchors > 0)).toBe(true);
  });

  it.skipIf(!hasCorpus)('are the same as the reference copies', () => {
    const lists = bundledTrustLists();
    expect(lists[0]!.pems[0]).toBe(corpusText('trust/C2PA-TRUST-LIST.pem'));
    expect(lists[1]!.pems[0]).toBe(corpusText('trust/C2PA-TSA-TRUST-LIST.pem'));
  });

  it.skipIf(!hasCorpus)('name the tier of every corpus file c2pa-rs trusts: the C2PA test roots as a custom list', { timeout: 240_000 }, async () => {
    const corpus = expectedCorpus();
    const trust = createTrustStore([...bundledTrustLists(), { name: 'c2pa-rs test roots', tier: 'custom', pems: [corpusText('trust/c2pa-rs-test-roots.pem')] }]);
    for (const [file, expected] of Object.entries(corpus.files)) {
      if (expected.trusted.state !== 'Trusted' || !file.startsWith('public-testfiles/')) continue;
      const response = await verify(corpusFile(file), expected.mime, { trust });
      expect(response.verification.status, file).toBe('verified');
      expect(response.verification.trust, file).toMatchObject({ tier: 'custom', list: 'c2pa-rs test roots' });
    }
  });
});
