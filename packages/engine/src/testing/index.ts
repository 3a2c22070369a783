/**
 * Test and benchmark helpers of the engine, for other packages' tests: assets made on the spot,
 * the shared corpus, raw c2pa-wasm reads, and the reference remote signing service (the one
 * `provenance signer serve` runs) to sign through. Not part of the engine's runtime surface.
 */
export { makeImage, makeBmff, tamperJpegPixel, IMAGE_FIXTURE_MIME, type ImageFixtureFormat } from './make-assets.ts';
export { hasCorpus, corpusFile, corpusText, expectedCorpus, CORPUS_DIR, type ExpectedFile, type ExpectedRead } from './shared-corpus.ts';
export { rawActiveAssertion, rawValidationCodes, rawValidationState } from './raw-c2pa.ts';
export { startLocalTsa, type LocalTsa } from './local-tsa.ts';
export { startOcspTestAuthority, type OcspTestAuthority } from './ocsp-responder.ts';
export { writeUnsignedMp4 } from './large-mp4.ts';
export { issueTestSigningChain, type TestSigningChain, type TestSigningChainOptions } from './test-signing-chain.ts';
export { withoutValidationTime } from './validation-time.ts';
export { startSigningService, type SigningService } from '../signer/signing-service.ts';
