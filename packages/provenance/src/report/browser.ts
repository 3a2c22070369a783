/**
 * The report builder without node: the same verdict, reason, trust words and ingredient tree the
 * server gives, built from c2pa-rs's manifest store JSON. The web app verifies files inside the
 * browser with c2pa-rs compiled for the web and builds its answer here, so both say the same thing.
 * Everything this module reaches must stay free of node imports.
 */
export { buildVerifyResponse, unsignedResponse, type VouchFor } from './build-report.ts';
export { NOT_ON_ANY_LIST, UNTRUSTED, tierLabel, vouchedBy } from './trust-words.ts';
export type { CertificateDetails } from './signer-certificates.ts';
export type { RawManifestStore } from '../c2pa/manifest-store.ts';
export { applyRevocation } from '../revocation/apply-revocation.ts';
export type { RevocationCheck } from './verification-report.ts';
