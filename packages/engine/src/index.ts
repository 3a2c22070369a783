/**
 * The Provenance Gateway engine: C2PA signing and verification over bytes, with no HTTP and no
 * database. The only importer of c2pa-wasm. Only what its callers (the server and its tests, the
 * engine's own tests and benches) use is exported, by name: the rest stays internal. At most 60
 * names (index.test.ts): a part with few callers is one typed object (softBinding, assetFormats,
 * arrivingFile, trustLoading, localPki, …), and test helpers are in `@provenance/engine/testing`.
 */
export { rewrittenSidecarWarning, sign, type ParentAsset, type SignResult } from './sign.ts';
export { type RedactionKind } from './manifest/redaction.ts';
export type { DiskTimestampResult, TimestampUpdateResult } from './manifest/timestamp-update.ts';
export { timestamping } from './manifest/timestamping-parts.ts';
export { crJsonReport } from './report/crjson.ts';
export { verify } from './verify.ts';
export type { FileOnDisk, TaskSource } from './asset-source.ts';
export type { ExcludedRangeDigest, FillingPool, FillingWriter, SharedFilling } from './filling-source.ts';
export { arrivingFile } from './arriving-file.ts';
export { type DiskSignResult } from './io/sign-file.ts';
export type { OcspAnswerCache } from './revocation/revocation-step.ts';
export { identityRevocation, signerRevocation } from './revocation/revocation-parts.ts';
export { verifyWithRemoteManifest } from './remote-manifest-step.ts';
export type { RevocationCheck, SerializedVerification, VerifyResponse } from './report/verification-report.ts';
export type { SigningMetadata, EditAction } from './manifest/signing-metadata.ts';
export type { AssetFormat } from './formats.ts';
export { assetFormats } from './asset-formats.ts';
export { createPemSigner, parseCertificateChainPem, type ClaimSigner } from './signer/claim-signer.ts';
export { broughtIdentity } from './signer/brought-identity.ts';
export { type PostSigningRequest } from './signer/remote-signer.ts';
export { createTrustStore, NO_TRUST, type TrustStore, type TrustList } from './trust/trust-store.ts';
export { trustLoading } from './trust/trust-loading.ts';
export { type RefreshableList, type SavedList } from './trust/saved-lists.ts';
export type { TrustListSpec } from './trust/trust-list-setting.ts';
export { ensureLocalPki } from './pki/local-pki.ts';
export type { OcspAnswers, OcspResponder } from './pki/ocsp-responder.ts';
export { localPki } from './pki/local-pki-parts.ts';
export { productCertificate } from './pki/product-certificate-parts.ts';
export type { ConformingProductRecord, ProductCertificateProfile } from './pki/product-certificate.ts';
export { ProvenanceError } from './errors.ts';
export { createEnginePool, EngineBusyError, type EnginePool, type TaskPlacement } from './pool/engine-pool.ts';
export type { PoolSignOptions } from './pool/engine-pool-api.ts';
export type { SignerMaterial } from './pool/engine-protocol.ts';
export { organizationOf } from './report/verification-report.ts';
export type { SoftBindingValue } from './soft-binding/soft-binding-assertion.ts';
export { softBinding } from './soft-binding/soft-binding-parts.ts';
export { trustListKeeping } from './trust/trust-list-keeping.ts';
