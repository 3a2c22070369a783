import { describe, expect, it } from 'vitest';
import { invalidResult, unsignedResult, verifiedResult } from '../test-fixtures';
import { verdictChecks } from './verdict-checks';

const states = (result: Parameters<typeof verdictChecks>[0]) => Object.fromEntries(verdictChecks(result).map((check) => [check.id, check.state]));

describe('verdict checks', () => {
  it('passes every check of a verified manifest', () => {
    expect(states(verifiedResult)).toEqual({ signature: 'pass', content: 'pass', trust: 'pass', ingredients: 'pass' });
  });

  it('fails the content check when the data hash no longer matches', () => {
    expect(states(invalidResult).content).toBe('fail');
  });

  it('says "not checked" when the codes record no hash at all', () => {
    const noHash = { ...verifiedResult, report: { ...verifiedResult.report, codes: { success: [], informational: [], failure: [] } } };
    expect(states(noHash).content).toBe('unknown');
  });

  it('has nothing to check on an unsigned file', () => {
    expect(verdictChecks(unsignedResult)).toEqual([]);
  });

  it('draws a signer on no trust list as a warning, not a failure, for the file and its ingredients', () => {
    const untrusted = { code: 'signingCredential.untrusted', explanation: 'The signing certificate is not on any trust list.' };
    const partial = {
      ...verifiedResult,
      verification: { ...verifiedResult.verification, status: 'partial' as const, chainValid: false, trust: { tier: 'untrusted' as const, list: null, anchor: null, label: 'Not on any trust list' } },
      report: { ...verifiedResult.report, codes: { ...verifiedResult.report.codes, failure: [untrusted] }, ingredientFailures: [untrusted] },
    };
    expect(states(partial)).toEqual({ signature: 'pass', content: 'pass', trust: 'warn', ingredients: 'warn' });
    const revoked = { ...partial, report: { ...partial.report, codes: { ...partial.report.codes, failure: [{ code: 'signingCredential.revoked', explanation: 'Revoked.' }] } } };
    expect(states(revoked).trust).toBe('fail');
  });

  it('reports the signer of a tampered file from its own codes: a trusted chain passes, an expired certificate is said to be expired', () => {
    expect(states(invalidResult).trust).toBe('pass');
    const expiredCode = { code: 'signingCredential.expired', explanation: 'The signing certificate has expired, and no timestamp from a time-stamping authority shows the signature was made while it was valid.' };
    const expired = {
      ...invalidResult,
      verification: { ...invalidResult.verification, chainValid: false, trust: { tier: 'untrusted' as const, list: null, anchor: null, label: 'Not on any trust list' } },
      report: { ...invalidResult.report, codes: { ...invalidResult.report.codes, failure: [expiredCode, { code: 'signingCredential.untrusted', explanation: 'Untrusted.' }] } },
    };
    const trust = verdictChecks(expired).find((check) => check.id === 'trust')!;
    expect(trust.state).toBe('fail');
    expect(trust.detail).toBe(expiredCode.explanation);
    expect(trust.detail).not.toMatch(/trust list/);
  });

  it('says "No ingredients" for a file made from none, not "Passed"', () => {
    const none = verdictChecks({ ...verifiedResult, report: { ...verifiedResult.report, ingredients: [], ingredientFailures: [] } }).find((check) => check.id === 'ingredients')!;
    expect(none).toMatchObject({ word: 'No ingredients', state: 'unknown' });
  });

  it('shows revocation only when it was asked about, and says plainly when it was not checked', () => {
    const withRevocation = (status: 'verified' | 'invalid', revocation: NonNullable<(typeof verifiedResult)['verification']['revocation']>) => ({
      ...verifiedResult,
      verification: { ...verifiedResult.verification, status, revocation },
    });
    const base = { source: 'gateway' as const, responder: 'https://gateway.example/api/v1/pki/crl', checkedAt: '2026-11-27T10:00:00.000Z', revokedAt: null, reason: null };
    expect(states(verifiedResult).revocation).toBeUndefined();
    expect(states(withRevocation('verified', { ...base, status: 'good' })).revocation).toBe('pass');
    expect(states(withRevocation('invalid', { ...base, status: 'revoked', revokedAt: '2026-11-01T00:00:00.000Z' })).revocation).toBe('fail');
    const notChecked = verdictChecks(withRevocation('verified', { ...base, status: 'not_checked', source: 'ocsp', checkedAt: null, reason: 'Checked only on the gateway.' }));
    expect(notChecked.find((check) => check.id === 'revocation')).toMatchObject({ state: 'unknown', detail: 'Checked only on the gateway.' });
  });
});
