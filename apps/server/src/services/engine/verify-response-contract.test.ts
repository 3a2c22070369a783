// The engine's verify response and the API contract's schema describe the same answer: their
// types are equal, and every answer the engine gives for the reference corpus parses unchanged.
import { ZVerifyResponse, type TVerifyResponse } from '@provenance/contracts';
import { createTrustStore, NO_TRUST, ProvenanceError, verify, type VerifyResponse } from '@provenance/engine';
import { CORPUS_DIR, corpusFile, corpusText, expectedCorpus, hasCorpus } from '@provenance/engine/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';

describe('the verify response', () => {
  it('has the same type in the engine as in the contract (the gateway adds only eventId, recovery and mediaCheck)', () => {
    expectTypeOf<VerifyResponse>().toEqualTypeOf<Omit<TVerifyResponse, 'eventId' | 'recovery' | 'mediaCheck'>>();
    expectTypeOf<VerifyResponse['report']>().toEqualTypeOf<TVerifyResponse['report']>();
    expectTypeOf<NonNullable<VerifyResponse['report']['activeManifest']>>().toEqualTypeOf<NonNullable<TVerifyResponse['report']['activeManifest']>>();
    expectTypeOf<VerifyResponse['report']['ingredients'][number]>().toEqualTypeOf<TVerifyResponse['report']['ingredients'][number]>();
  });
});

describe.skipIf(!hasCorpus)(`every engine answer for ${CORPUS_DIR} parses with the contract's schema`, () => {
  const corpus = hasCorpus ? expectedCorpus() : { files: {}, trust_anchors: [] };
  const anchors = hasCorpus ? createTrustStore(corpus.trust_anchors.map((file) => corpusText(file))) : NO_TRUST;
  for (const [file, expected] of Object.entries(corpus.files)) {
    it(file, async () => {
      for (const trust of [NO_TRUST, anchors]) {
        const outcome = await verify(corpusFile(file), expected.mime, { trust, thumbnails: true }).catch((error: unknown) => error);
        if (outcome instanceof ProvenanceError) continue;
        // As the gateway sends it; zod drops unknown keys, so an unchanged parse also means no extra ones.
        const answer: unknown = JSON.parse(JSON.stringify(outcome));
        expect(ZVerifyResponse.parse(answer)).toEqual(answer);
      }
    });
  }
});
