/**
 * What a caller accepting the signing identities accounts bring needs (the server's signing
 * identities): the algorithms a remote signing service may use, a claim signer made from such a
 * service's spec, the proof it holds the certificate's key, a brought key and chain checked, a chain
 * parsed. One typed object, not a name each.
 */
import { SIGNING_ALGORITHMS } from './algorithms.ts';
import { parseCertificateChainPem } from './claim-signer.ts';
import { KeyPossessionError, proveKeyPossession } from './key-possession.ts';
import { createClaimSigner } from './signer-factory.ts';
import { checkSigningCertificate, SigningCertificateError } from './signing-certificate-check.ts';

export const broughtIdentity = {
  algorithms: SIGNING_ALGORITHMS,
  createSigner: createClaimSigner,
  proveKeyPossession,
  KeyPossessionError,
  checkCertificate: checkSigningCertificate,
  CertificateError: SigningCertificateError,
  parseChain: parseCertificateChainPem,
} as const;
