import { describe, expect, it } from 'vitest';
import { manifestStoreUrl } from '@/lib/api/manifests';
import { unsignedResult, verifiedResult } from '../test-fixtures';
import { anchorPem, downloadStem, reportJson, reportPath, signerChainPem, trustListText } from './report-download';

describe('report downloads', () => {
  it('names files after the asset title, safely', () => {
    expect(downloadStem(verifiedResult)).toBe('harbour-fire');
    const odd = { ...verifiedResult, report: { ...verifiedResult.report, activeManifest: { ...verifiedResult.report.activeManifest!, title: '../../etc/pass wd?.jpg' } } };
    expect(downloadStem(odd)).toBe('..-..-etc-pass-wd');
    expect(downloadStem(unsignedResult)).toBe('content-credentials');
  });

  it('serialises the whole answer', () => {
    expect(JSON.parse(reportJson(verifiedResult))).toEqual(verifiedResult);
  });

  it('URL-encodes manifest IDs in links', () => {
    expect(reportPath('urn:c2pa:abc/def')).toBe('/v/urn%3Ac2pa%3Aabc%2Fdef');
    expect(manifestStoreUrl('urn:c2pa:abc')).toBe('/api/v1/manifests/urn%3Ac2pa%3Aabc?format=c2pa');
  });
});

describe('trust evidence', () => {
  const anchor = { subject: 'CN=Root', sha256: 'a'.repeat(64), pem: '-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----' };
  const trust = { lists: [{ name: 'Provenance Gateway root', tier: 'gateway' as const, source: null, retrievedAt: null, anchors: [anchor] }], tsaLists: [] };
  const vouched = { ...verifiedResult, verification: { ...verifiedResult.verification, trust: { tier: 'gateway' as const, list: 'Provenance Gateway root', anchor: { subject: 'CN=Root', sha256: anchor.sha256 }, label: 'Signed through this gateway; not on a public trust list, so other validators show it as unrecognised' } } };

  it('offers the signer’s certificate chain as one PEM file, and nothing when the report has none', () => {
    expect(signerChainPem(verifiedResult)).toBe(`${verifiedResult.report.signer!.certificateChainPem.join('\n')}\n`);
    expect(signerChainPem({ ...verifiedResult, report: { ...verifiedResult.report, signer: { ...verifiedResult.report.signer!, certificateChainPem: [] } } })).toBeNull();
  });

  it('offers the PEM of the anchor that vouched, and nothing when none did', () => {
    expect(anchorPem(vouched, trust)).toBe(`${anchor.pem}\n`);
    expect(anchorPem(vouched, undefined)).toBeNull();
    expect(anchorPem(unsignedResult, trust)).toBeNull();
  });

  it('says who vouches in the gateway’s words, never a trust list for this gateway’s own root', () => {
    expect(trustListText(vouched)).toBe(vouched.verification.trust.label);
    expect(trustListText(vouched)).not.toMatch(/on a trust list|on any trust list/);
    expect(trustListText(unsignedResult)).toBe('No signer');
  });
});
