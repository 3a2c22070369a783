import { describe, expect, it } from 'vitest';
import type { TVerifyResponse } from '@provenance/contracts';
import { verifiedResult } from '../test-fixtures';
import { deviceText, evidenceText, expiredText, partialExplanation, redactionText, relationshipLabel, signerDisplayName, sourceTypeLabel, toolName, trustText, verdictShortText, verdictText } from './report-text';

const partialResult: TVerifyResponse = {
  ...verifiedResult,
  verification: { ...verifiedResult.verification, status: 'partial', chainValid: false, trustLevel: 'untrusted', trust: { tier: 'untrusted', list: null, anchor: null, label: 'Not on any trust list' } },
  report: { ...verifiedResult.report, signer: { ...verifiedResult.report.signer!, trusted: false } },
};

describe('report words', () => {
  it('presents only verified as Verified, everything else as Verification Failed', () => {
    expect(verdictText('verified').headline).toBe('Verified');
    for (const status of ['partial', 'invalid', 'unsigned'] as const) expect(verdictText(status).headline).toBe('Verification Failed');
    expect(verdictText('invalid').tone).toBe('danger');
  });

  it('names IPTC digital source types and keeps unknown ones as written', () => {
    expect(sourceTypeLabel('http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia')).toBe('Made by generative AI');
    expect(sourceTypeLabel('https://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture')).toBe('Captured with a camera or recorder');
    expect(sourceTypeLabel('http://example.org/custom')).toBe('http://example.org/custom');
  });

  it('says what a signer redacted from earlier credentials, in words, and nothing when none', () => {
    expect(redactionText([])).toBeNull();
    expect(redactionText([{ manifest: 'urn:c2pa:a', assertion: 'stds.exif' }, { manifest: 'urn:c2pa:b', assertion: 'stds.exif__2' }])).toBe('Removed by this signer from earlier credentials: camera and location details (EXIF)');
    expect(redactionText([{ manifest: 'urn:c2pa:a', assertion: 'c2pa.metadata' }])).toBe('Removed by this signer from earlier credentials: camera and location details (metadata)');
    expect(redactionText([{ manifest: 'urn:c2pa:a', assertion: 'com.example.place' }])).toContain('com.example.place');
  });

  it('says when and under which trust lists the verdict was made, and nothing for a verdict made here', () => {
    const day = (iso: string) => iso.slice(0, 10);
    expect(evidenceText(undefined, day)).toBeNull();
    const evidence = { validatedAt: '2026-11-27T10:00:00Z', trustSnapshot: { id: 'a'.repeat(64), lists: [{ name: 'C2PA Trust List', sha256: 'b'.repeat(64), retrievedAt: '2026-11-20T08:00:00Z' }, { name: 'gateway root', sha256: 'c'.repeat(64), retrievedAt: null }] } };
    expect(evidenceText(evidence, day)).toBe('Checked on 2026-11-27 against the trust lists of this gateway: C2PA Trust List (retrieved 2026-11-20), gateway root.');
  });

  it('labels ingredient relationships', () => {
    expect(relationshipLabel('parentOf')).toBe('Parent');
    expect(relationshipLabel('componentOf')).toBe('Component');
    expect(relationshipLabel('inputTo')).toBe('Input');
    expect(relationshipLabel(null)).toBe('Ingredient');
  });

  it('reads signer, tool, trust and device', () => {
    expect(signerDisplayName(verifiedResult)).toBe('Daily Ledger Newsroom');
    expect(toolName(verifiedResult)).toBe('Provenance Gateway');
    expect(trustText({ tier: 'untrusted', list: null, anchor: null, label: 'Not on any trust list' })).toBe('Not on any trust list');
    expect(deviceText({ make: 'Canon', model: 'Canon EOS R5' })).toBe('Canon EOS R5');
    expect(deviceText({ make: 'Nikon', model: 'Z9' })).toBe('Nikon Z9');
    expect(deviceText({ make: null, model: null })).toBeNull();
  });

  it('says beside Verification Failed whether the file is intact, so a partial never reads as tampered', () => {
    expect(verdictShortText('partial')).toBe('Intact, but the signer is not on a trust list');
    expect(verdictShortText('invalid')).toBe('Changed or broken since signing');
    expect(verdictText('partial').tone).toBe('warning');
  });

  it('explains a partial: what is intact, who signed, which lists lack them, and what that means', () => {
    const sentences = partialExplanation(partialResult)!.join(' ');
    expect(sentences).toMatch(/has not changed since it was signed/);
    expect(sentences).toContain(`signed by “${signerDisplayName(partialResult)}”`);
    expect(sentences).toMatch(/not on the C2PA trust list or on any other trust list/);
    expect(sentences).toMatch(/signer’s own claim/);
    expect(partialExplanation(verifiedResult)).toBeNull();
  });

  it('does not blame a trusted signer for a partial verdict that comes from the identity the manifest names', () => {
    const identity: TVerifyResponse = {
      ...verifiedResult,
      verification: { ...verifiedResult.verification, status: 'partial', chainValid: true },
      report: { ...verifiedResult.report, codes: { ...verifiedResult.report.codes, failure: [{ code: 'cawg.x509.credential.untrusted', explanation: 'Untrusted identity credential.' }] } },
    };
    const sentences = partialExplanation(identity)!.join(' ');
    expect(sentences).toMatch(/CAWG identity assertion/);
    expect(sentences).not.toMatch(/signer is not on the C2PA trust list/);
    expect(verdictShortText('partial', { signerTrusted: true })).not.toMatch(/signer is not on a trust list/);
  });

  it('says who vouches in the gateway’s words, and never calls this gateway’s own root a trust list', () => {
    expect(trustText({ tier: 'gateway', list: 'gateway root', anchor: null, label: 'Signed through this gateway; not on a public trust list, so other validators show it as unrecognised' })).toBe('Signed through this gateway; not on a public trust list, so other validators show it as unrecognised');
    const meaning = verdictText('verified', { tier: 'gateway' }).meaning;
    expect(meaning).toMatch(/this gateway/);
    expect(meaning).not.toMatch(/on a trust list|on any trust list/);
    expect(verdictShortText('verified', { signerTrusted: true, tier: 'gateway' })).toBe('Intact, signed through this gateway');
    expect(verdictText('verified', { tier: 'conformant' }).meaning).toMatch(/on a trust list/);
  });

  it('says when the signing certificate had expired', () => {
    const expired = { ...verifiedResult.report.signer!, expired: true };
    expect(expiredText(expired, null)).toBe('This certificate has expired, and no timestamp from a time-stamping authority shows the signature was made while it was valid, so it can no longer be relied on.');
    expect(expiredText(expired, { time: '2024-01-01T00:00:00Z', authority: 'TSA', trusted: true })).toMatch(/had already expired at the time the signature’s timestamp attests/);
    expect(expiredText(verifiedResult.report.signer!, null)).toBeNull();
  });
});
