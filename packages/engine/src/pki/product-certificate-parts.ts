/**
 * The development product certificate as the server uses it, as one typed object: issue one to the
 * C2PA claim-signing profile, tell whether a kept one still fits the configured profile, check a
 * Conforming Products List record, and the profile's extension identifiers (for tests that read them).
 */
import {
  C2PA_ASSURANCE_LEVEL_EXTENSION,
  C2PA_ASSURANCE_LEVELS,
  C2PA_CPL_RECORD_EXTENSION,
  checkConformingProduct,
  issueProductCertificate,
  MAX_VALIDITY_DAYS,
  ProductCertificateError,
  productCertificateFits,
  UNKNOWN_COUNTRY,
} from './product-certificate.ts';

export const productCertificate = {
  issue: issueProductCertificate,
  fits: productCertificateFits,
  checkConformingProduct,
  Error: ProductCertificateError,
  assuranceLevelExtension: C2PA_ASSURANCE_LEVEL_EXTENSION,
  cplRecordExtension: C2PA_CPL_RECORD_EXTENSION,
  assuranceLevels: C2PA_ASSURANCE_LEVELS,
  maxValidityDays: MAX_VALIDITY_DAYS,
  unknownCountry: UNKNOWN_COUNTRY,
} as const;
