/**
 * The Provenance Gateway engine: C2PA signing and verification over bytes, with no HTTP and no
 * database. The only importer of c2pa-wasm. Only what its callers (the server and its tests, the
 * engine's own tests and benches) use is exported, by name: the rest stays internal.
 */
export { rewrittenSidecarWarning, sign, type ParentAsset, type SignResult } from './sign.ts';
export { type RedactionKind } from './manifest/redaction.ts';
export { crJsonReport } from './report/crjson.ts';
export { verify } from './verify.ts';
export type { FileOnDisk, TaskSource } from './asset-source.ts';
export { createFillingPool, fillingSource, FillingFailedError, type ExcludedRangeDigest, type FillingPool, type FillingWriter, type SharedFilling } from './filling-source.ts';
export { jpegSegmentsExcludedDigest } from './containers/jpeg-hard-binding.ts';
export { pngChunkExcludedDigest } from './containers/png-manifest-prefix.ts';
export { type DiskSignResult } from './io/sign-file.ts';
export type { OcspAnswerCache } from './revocation/revocation-step.ts';
export { identityRevocation, signerRevocation } from './revocation/revocation-parts.ts';
export type { IdentityRevocationAnswer } from './revocation/apply-identity-revocation.ts';
export { verifyWithRemoteManifest } from './remote-manifest-step.ts';
export type { RevocationCheck, SerializedVerification, VerifyResponse } from './report/verification-report.ts';
export type { SigningMetadata, EditAction } from './manifest/signing-metadata.ts';
export { BMFF_MIME_TYPES, LARGE_MEDIA_TYPES, findFormat, formatFromFileName, detectFormat, type AssetFormat } from './formats.ts';
export { createPemSigner, parseCertificateChainPem, type ClaimSigner } from './signer/claim-signer.ts';
export type { SigningAlgorithm } from './signer/algorithms.ts';
export { broughtIdentity } from './signer/brought-identity.ts';
export { type PostSigningRequest } from './signer/remote-signer.ts';
export { startSigningService, type SigningService } from './signer/signing-service.ts';
export { timestampTransportOver, type TimestampTransport, type PostBytes } from './signer/rfc3161-timestamper.ts';
export { createTrustStore, NO_TRUST, type TrustStore, type TrustList, type TrustTier } from './trust/trust-store.ts';
export { loadTrust, TrustAnchorFileError } from './trust/load-trust.ts';
export { type RefreshableList, type SavedList } from './trust/saved-lists.ts';
export { parseTrustListSetting, TrustListSettingError, type TrustListSpec } from './trust/trust-list-setting.ts';
export { ensureLocalPki } from './pki/local-pki.ts';
export type { OcspAnswers, OcspResponder } from './pki/ocsp-responder.ts';
export { localPki } from './pki/local-pki-parts.ts';
export { productCertificate } from './pki/product-certificate-parts.ts';
export type { ConformingProductRecord, ProductCertificateProfile } from './pki/product-certificate.ts';
export { ProvenanceError } from './errors.ts';
export { createEnginePool, EngineBusyError, type EnginePool, type EngineWorkersState, type TaskPlacement } from './pool/engine-pool.ts';
export type { PoolSignOptions } from './pool/engine-pool-api.ts';
export type { SignerMaterial } from './pool/engine-protocol.ts';
export { organizationOf } from './report/verification-report.ts';
export { imageCode, hammingDistance, eightOrientations, ISCC_SOFT_BINDING_ALG, IMAGE_CODE_SIDE } from './soft-binding/iscc-image-code.ts';
export { type SoftBindingValue } from './soft-binding/soft-binding-assertion.ts';
export { withoutEmbeddedManifest } from './soft-binding/strip-manifest.ts';
export { trustListKeeping } from './trust/trust-list-keeping.ts';
