/**
 * The Provenance Gateway engine: C2PA signing and verification over bytes, with no HTTP and no
 * database. The only importer of c2pa-wasm.
 */
export { rewrittenSidecarWarning, sign, type ParentAsset, type SignOptions, type SignResult } from './sign.ts';
export { REDACTION_KINDS, type Redaction, type RedactionKind } from './manifest/redaction.ts';
export { addTimestamp, NothingToTimestampError, type TimestampUpdateOptions, type TimestampUpdateResult } from './manifest/timestamp-update.ts';
export { crJsonReport } from './report/crjson.ts';
export { verify, verifyWithCredential, type VerifyOptions, type CredentialedVerification } from './verify.ts';
export { verifySource, verifySourceWithCredential } from './verify-source.ts';
export { bytesSource, type ByteSource } from './byte-source.ts';
export { createFillingPool, createFillingWriter, fillingSource, FillingFailedError, type ExcludedRangeDigest, type FillingPool, type FillingPoolOptions, type FillingWriter, type SharedFilling } from './filling-source.ts';
export { jpegSegmentsExcludedDigest } from './c2pa/jpeg-hard-binding.ts';
export { pngChunkExcludedDigest } from './c2pa/png-manifest-prefix.ts';
export { openFileSource, withFileSource, type FileSource } from './io/file-source.ts';
export { signFromDisk, SIGN_FROM_DISK_BYTES, type DiskSignResult } from './io/sign-file.ts';
export { checkRevocation, credentialKey, OCSP_TIME_LIMIT_MS, type RevocationSources, type RevocationOutcome, type OcspAnswerCache, type OwnCertificateStatus } from './revocation/revocation-step.ts';
export { stapledOcspResponse, type StapleSources, type StapleOutcome } from './revocation/stapled-ocsp.ts';
export { applyRevocation, applyRevocationSerialized } from './revocation/apply-revocation.ts';
export type { SigningCredential } from './revocation/signing-credential.ts';
export type { OcspAnswer } from './revocation/ocsp.ts';
export { findRemoteManifestUrl } from './c2pa/remote-manifest-url.ts';
export { verifyWithRemoteManifest, type FetchRemoteManifest, type RemoteManifest } from './remote-manifest-step.ts';
export type * from './report/verification-report.ts';
export { serializeVerification } from './report/verification-report.ts';
export { explainCode } from './report/validation-codes.ts';
export type { SigningMetadata, DeviceInfo, CaptureLocation, EditAction } from './manifest/signing-metadata.ts';
export { SUPPORTED_FORMATS, BMFF_MIME_TYPES, LARGE_MEDIA_TYPES, findFormat, formatFromFileName, detectFormat, normaliseMime, type AssetFormat } from './formats.ts';
export { createPemSigner, createCallbackSigner, reserveSizeFor, parseCertificateChainPem, type ClaimSigner } from './signer/claim-signer.ts';
export { SIGNING_ALGORITHMS, type SigningAlgorithm } from './signer/algorithms.ts';
export { TIMESTAMP_TOKEN_RESERVE } from './signer/claim-signer.ts';
export { createClaimSigner, type SignerSpec } from './signer/signer-factory.ts';
export { proveKeyPossession, KeyPossessionError } from './signer/key-possession.ts';
export { createRemoteSigner, type PostSigningRequest, type RemoteSignerSpec } from './signer/remote-signer.ts';
export { authenticationHeaders, isAuthentic, keyIdOf, WIRE_ALGORITHMS, TIMESTAMP_HEADER, SIGNATURE_HEADER, MAX_CLOCK_SKEW_SECONDS, type RemoteSigningRequest, type RemoteSigningResponse } from './signer/remote-signing-protocol.ts';
export { startSigningService, type SigningService, type SigningServiceOptions } from './signer/signing-service.ts';
export { createRfc3161Timestamper, timestampTransportOver, type Timestamper, type TimestampTransport, type PostBytes } from './signer/rfc3161-timestamper.ts';
export {
  createTrustStore,
  parseAnchors,
  NO_TRUST,
  UNTRUSTED,
  type TrustStore,
  type TrustAnchor,
  type TrustList,
  type TrustListSummary,
  type TrustSource,
  type TrustTier,
} from './trust/trust-store.ts';
export { loadTrust, TrustAnchorFileError, GATEWAY_LIST_NAME, type TrustSources, type LoadedTrust } from './trust/load-trust.ts';
export { bundledTrustLists, bundledListInfo, type BundledListInfo } from './trust/bundled-lists.ts';
export {
  asTrustList,
  checkTrustListText,
  lastGoodCopy,
  officialLists,
  readSavedList,
  saveList,
  savedListsDir,
  TrustListTextError,
  type RefreshableList,
  type SavedList,
} from './trust/saved-lists.ts';
export { parseTrustListSetting, TrustListSettingError, isUrl as isTrustListUrl, type TrustListSpec } from './trust/trust-list-setting.ts';
export { tierLabel, trustLabel, vouchedBy, NOT_ON_ANY_LIST } from './report/trust-words.ts';
export { ensureLocalPki, readLocalPki, PKI_FILES, type LocalPki } from './pki/local-pki.ts';
export { createOcspResponder, DEFAULT_MAX_OCSP_CERTIFICATES, type OcspAnswers, type OcspResponder, type OcspResponderOptions, type IssuedCertificateStatus } from './pki/ocsp-responder.ts';
export { issueOcspResponderCertificate, type OcspResponderCertificate } from './pki/ocsp-responder-certificate.ts';
export { createCertificateRevocationList, type RevokedCertificateEntry } from './pki/certificate-revocation-list.ts';
export * from './errors.ts';
export { PRODUCT_NAME, ENGINE_VERSION } from './version.ts';
export { createEnginePool, EngineBusyError, type EnginePool, type EnginePoolOptions, type EngineWorkersState, type TaskPlacement } from './pool/engine-pool.ts';
export type { SignerMaterial } from './pool/engine-protocol.ts';
export { issueAccountCertificate, GATEWAY_NAME, type AccountCertificate, type AccountCertificateRequest } from './pki/account-certificate.ts';
export { ORGANIZATION_VERIFIED_POLICY } from './report/organization-vouch.ts';
export { organizationOf } from './report/verification-report.ts';
export { checkSigningCertificate, SigningCertificateError, type CheckedSigningCertificate, type SigningCertificateProblem } from './signer/signing-certificate-check.ts';
export { imageCode, imageSoftHash, encodeImageCode, hammingDistance, eightOrientations, ISCC_SOFT_BINDING_ALG, IMAGE_CODE_BITS, IMAGE_CODE_SIDE, NORMALISATION, type ImageCode } from './soft-binding/iscc-image-code.ts';
export { SOFT_BINDING_LABEL, type SoftBindingValue } from './soft-binding/soft-binding-assertion.ts';
export { withoutEmbeddedManifest } from './soft-binding/strip-manifest.ts';
export {
  issueProductCertificate,
  productCertificateFits,
  checkConformingProduct,
  ProductCertificateError,
  C2PA_ASSURANCE_LEVEL_EXTENSION,
  C2PA_CPL_RECORD_EXTENSION,
  C2PA_ASSURANCE_LEVELS,
  MAX_VALIDITY_DAYS,
  type ConformingProductRecord,
  type ProductCertificate,
  type ProductCertificateProfile,
  type ProductCertificateRequest,
} from './pki/product-certificate.ts';
