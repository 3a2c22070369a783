import { describe, expect, it } from 'vitest';
import { createTrustStore } from '../trust/trust-store.ts';
import { bundledTrustLists } from '../trust/bundled-lists.ts';
import { corpusFile, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { verify } from '../verify.ts';
import { mostSevere, severity } from './reason-code.ts';
import { explainCode } from './validation-codes.ts';

const codes = (...names: string[]) => names.map((code) => ({ code }));

describe('the code a reason explains', () => {
  it('is a changed file or failed signature before an expired credential, and trust last', () => {
    expect(mostSevere(codes('signingCredential.untrusted', 'assertion.dataHash.mismatch'))?.code).toBe('assertion.dataHash.mismatch');
    expect(mostSevere(codes('signingCredential.untrusted', 'signingCredential.expired'))?.code).toBe('signingCredential.expired');
    expect(mostSevere(codes('signingCredential.expired', 'claimSignature.mismatch'))?.code).toBe('claimSignature.mismatch');
    expect(mostSevere(codes('signingCredential.untrusted', 'assertion.missing'))?.code).toBe('assertion.missing');
    expect(mostSevere(codes('signingCredential.untrusted'))?.code).toBe('signingCredential.untrusted');
    expect(mostSevere([])).toBeNull();
    for (const code of ['assertion.bmffHash.mismatch', 'assertion.boxesHash.mismatch', 'assertion.hashedURI.mismatch', 'ingredient.claimSignature.mismatch']) {
      expect(severity(code), code).toBe(0);
    }
  });

  // Read as the gateway reads them (the bundled lists): signers of these test files are on none,
  // so c2pa-rs lists signingCredential.untrusted beside the real failure.
  it.skipIf(!hasCorpus)('names the real failure of every corpus file that was tampered with or signed with an expired certificate', { timeout: 240_000 }, async () => {
    const corpus = expectedCorpus();
    const trust = createTrustStore(bundledTrustLists());
    let checked = 0;
    for (const [file, expected] of Object.entries(corpus.files)) {
      const real = mostSevere([...(expected.trusted.failure ?? []), ...(expected.trusted.ingredient_failure ?? [])].map((code) => ({ code })));
      if (!real || severity(real.code) > 1) continue;
      const response = await verify(corpusFile(file), expected.mime, { trust });
      expect(response.verification.reasonCode, file).toBe(real.code);
      expect(response.report.reason, file).toContain(explainCode(real.code));
      expect(response.badge.message, file).not.toMatch(/trust/);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
