/**
 * The report builder without node: the same verdict, reason, trust words and ingredient tree the
 * server gives, built from c2pa-rs's manifest store JSON. The web app verifies files inside the
 * browser with c2pa-rs compiled for the web and builds its answer here, so both say the same thing;
 * it applies a revocation answer, sniffs the format and reads c2pa-rs's errors as the server does too.
 * Everything this module reaches must stay free of node imports.
 */
export { buildVerifyResponse, unsignedResponse, type VouchFor } from './build-report.ts';
export { NOT_ON_ANY_LIST, UNTRUSTED, tierLabel, trustLabel, vouchedBy } from './trust-words.ts';
export type { CertificateDetails } from './signer-certificates.ts';
export type { RawManifestStore } from '../c2pa/manifest-store.ts';
export { applyRevocation } from '../revocation/apply-revocation.ts';
export { applyIdentityRevocation, NOT_ISSUED_BY_THIS_GATEWAY, type IdentityRevocationAnswer } from '../revocation/apply-identity-revocation.ts';
export type { RevocationCheck } from './verification-report.ts';
// The format sniffed from the bytes (file-type's browser build) and c2pa-rs's reader errors read as
// the gateway reads them, so a file gets the same format and the same "no manifest" in both places.
export { detectFormat } from '../formats.ts';
export { readErrorKind, type ReadErrorKind } from '../c2pa/read-error-kinds.ts';
// The c2pa-rs settings the engine reads with, so the browser's reader (the same WebAssembly build) reads
// a file under the same rules; and the formats the gateway reads.
export { readerSettings } from '../c2pa/reader-settings.ts';
export { findFormat } from '../formats.ts';
