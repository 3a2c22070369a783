/**
 * What a caller running the gateway's own certificate authority needs (the server's PKI services):
 * the local PKI's file names, an OCSP responder and a CRL for the certificates it issued, and an
 * account's certificate issued. One typed object, not a name each.
 */
import { GATEWAY_NAME, issueAccountCertificate } from './account-certificate.ts';
import { ORGANIZATION_VERIFIED_POLICY } from '../report/organization-vouch.ts';
import { createCertificateRevocationList } from './certificate-revocation-list.ts';
import { PKI_FILES } from './local-pki.ts';
import { createOcspResponder } from './ocsp-responder.ts';
import { issueOcspResponderCertificate } from './ocsp-responder-certificate.ts';

export const localPki = {
  files: PKI_FILES,
  createOcspResponder,
  issueOcspResponderCertificate,
  createRevocationList: createCertificateRevocationList,
  issueAccountCertificate,
  /** The gateway's name in the certificates it issues. */
  gatewayName: GATEWAY_NAME,
  /** The policy an account certificate carries once its organisation's name was verified. */
  organizationVerifiedPolicy: ORGANIZATION_VERIFIED_POLICY,
} as const;
