// The trust store narrows c2pa-rs's anchors to those that can anchor a store's signer chains.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCertificateChainPem } from '../signer/claim-signer.ts';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import { corpusText, hasCorpus } from '../testing/shared-corpus.ts';
import { createTrustStore } from './trust-store.ts';

const anchorsIn = (context: string): string[] => {
  const pem = (JSON.parse(context) as { trust?: { trust_anchors?: string } }).trust?.trust_anchors ?? '';
  return pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
};

let ours: LocalPki;
let outsider: LocalPki;

beforeAll(async () => {
  ours = (await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-anchors-')), 'pki'))).pki;
  outsider = (await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-anchors-')), 'pki'))).pki;
});

describe('contextForChains', () => {
  const extra = () => (hasCorpus ? [corpusText('trust/C2PA-TRUST-LIST.pem')] : [outsider.rootCertificatePem]);

  it('keeps only the anchor that issued the chain', () => {
    const trust = createTrustStore([ours.rootCertificatePem, ...extra()]);
    const context = trust.contextForChains([parseCertificateChainPem(ours.signerChainPem)]);
    expect(anchorsIn(context)).toEqual([ours.rootCertificatePem.trim()]);
    expect(anchorsIn(trust.readerContext).length).toBeGreaterThan(1);
  });

  it('keeps one anchor, so trust is still checked, when none can anchor the chain', () => {
    const trust = createTrustStore([ours.rootCertificatePem, ...extra()]);
    const context = trust.contextForChains([parseCertificateChainPem(outsider.signerChainPem)]);
    expect(anchorsIn(context)).toHaveLength(1);
    expect(JSON.parse(context)).toMatchObject({ verify: { verify_trust: true } });
  });

  it('gives every anchor when a certificate of a chain cannot be read', () => {
    const trust = createTrustStore([ours.rootCertificatePem, ...extra()]);
    expect(trust.contextForChains([[new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x01])]])).toBe(trust.readerContext);
  });
});
