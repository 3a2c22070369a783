/**
 * What a caller running the gateway's own certificate authority needs (the server's PKI services):
 * the local PKI's file names, an OCSP responder and a CRL for the certificates it issued, and an
 * account's certificate issued. One typed object, not a name each.
 */
import { issueAccountCertificate } from './account-certificate.ts';
import { createCertificateRevocationList } from './certificate-revocation-list.ts';
import { PKI_FILES } from './local-pki.ts';
import { createOcspResponder } from './ocsp-responder.ts';

export const localPki = {
  files: PKI_FILES,
  createOcspResponder,
  createRevocationList: createCertificateRevocationList,
  issueAccountCertificate,
} as const;
