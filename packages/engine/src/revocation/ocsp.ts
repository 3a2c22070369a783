/**
 * OCSP (RFC 6960) over bytes: the request for a signing credential, the GET URL that carries it,
 * and the check of a responder's answer (signed by the issuer or by a responder the issuer
 * delegated with id-kp-OCSPSigning, for this very certificate, current, and echoing our nonce when
 * it echoes one). Messages are built and read with @peculiar/asn1-ocsp; the signature and the
 * responder's authority are checked by pkijs.
 */
import { createHash, randomBytes } from 'node:crypto';
import { BasicOCSPResponse, CertID, Nonce, OCSPRequest, OCSPResponse, OCSPResponseStatus, Request, TBSRequest, id_pkix_ocsp_basic, id_pkix_ocsp_nonce } from '@peculiar/asn1-ocsp';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Certificate, Extension } from '@peculiar/asn1-x509';
import * as pkijs from 'pkijs';
import type { SigningCredential } from './signing-credential.ts';

const SHA1 = '1.3.14.3.2.26';
/** Clocks of responder and verifier may differ this much. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** A request for one credential, with what its answer is checked against. */
export interface OcspQuery {
  der: Uint8Array;
  certId: CertID;
  nonce: Uint8Array;
}

/** What a responder said about the credential. */
export interface OcspAnswer {
  status: 'good' | 'revoked' | 'unknown';
  revokedAt: string | null;
  /** When the answer was known to be correct (thisUpdate), ISO. */
  thisUpdate: string;
  /** Until when it may be relied on (nextUpdate), ISO; null when the responder gives none. */
  nextUpdate: string | null;
  /** When the responder signed it (producedAt), ISO. */
  producedAt: string;
  /** The responder's whole answer (a DER OCSPResponse) in base64: evidence anyone can check again. */
  response: string;
}

/** A response that does not answer the request (unsigned, signed by someone else, stale, another certificate). */
export class OcspResponseError extends Error {
  override name = 'OcspResponseError';
}

const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const sha1 = (bytes: ArrayBuffer | Uint8Array): Uint8Array => new Uint8Array(createHash('sha1').update(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).digest());

/** The CertID (SHA-1, as responders expect) of the signing certificate under its issuer. */
function certIdOf(credential: SigningCredential): CertID {
  const leaf = AsnConvert.parse(toBuffer(credential.certificate), Certificate);
  const issuer = AsnConvert.parse(toBuffer(credential.issuer), Certificate);
  return new CertID({
    hashAlgorithm: new AlgorithmIdentifier({ algorithm: SHA1, parameters: null }),
    issuerNameHash: new OctetString(sha1(AsnConvert.serialize(issuer.tbsCertificate.subject))),
    issuerKeyHash: new OctetString(sha1(issuer.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey)),
    serialNumber: leaf.tbsCertificate.serialNumber,
  });
}

export function ocspQuery(credential: SigningCredential): OcspQuery {
  const certId = certIdOf(credential);
  const nonce = new Uint8Array(randomBytes(16));
  const request = new OCSPRequest({
    tbsRequest: new TBSRequest({
      requestList: [new Request({ reqCert: certId })],
      requestExtensions: [new Extension({ extnID: id_pkix_ocsp_nonce, extnValue: new OctetString(AsnConvert.serialize(new Nonce(nonce))) })],
    }),
  });
  return { der: new Uint8Array(AsnConvert.serialize(request)), certId, nonce };
}

/** The request as a GET (RFC 6960 appendix A.1): the responder URL, a slash, the URL-encoded base64 of the DER. */
export function ocspGetUrl(responder: string, query: OcspQuery): string {
  return `${responder.endsWith('/') ? responder : `${responder}/`}${encodeURIComponent(Buffer.from(query.der).toString('base64'))}`;
}

const sameBytes = (a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array): boolean => Buffer.from(a instanceof Uint8Array ? a : new Uint8Array(a)).equals(Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)));

function sameCertId(a: CertID, b: CertID): boolean {
  return (
    a.hashAlgorithm.algorithm === b.hashAlgorithm.algorithm &&
    sameBytes(a.issuerNameHash.buffer, b.issuerNameHash.buffer) &&
    sameBytes(a.issuerKeyHash.buffer, b.issuerKeyHash.buffer) &&
    sameBytes(a.serialNumber, b.serialNumber)
  );
}

/** The responder signed it, and is the issuer or a responder the issuer delegated (id-kp-OCSPSigning). */
async function checkSignature(basicDer: ArrayBuffer, credential: SigningCredential): Promise<void> {
  const issuer = pkijs.Certificate.fromBER(credential.issuer);
  const basic = pkijs.BasicOCSPResponse.fromBER(basicDer);
  // An issuer answering itself need not attach its certificate; pkijs looks for the signer among these.
  basic.certs = [...(basic.certs ?? []), issuer];
  let verified = false;
  try {
    verified = await basic.verify({ trustedCerts: [issuer], issuerCerts: [issuer], trustedResponders: [issuer] });
  } catch (error) {
    throw new OcspResponseError(`the OCSP response is not signed by the issuer or a responder it authorised (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!verified) throw new OcspResponseError('the OCSP response signature does not verify');
}

/**
 * Checks a responder's answer to `query` and says what it means for the credential. `madeHere`: the
 * caller's own responder made it in process a moment ago, so its signature (the costly part: tens
 * of milliseconds) is not checked again; everything else is.
 */
export async function checkOcspResponse(der: Uint8Array, query: OcspQuery, credential: SigningCredential, now: Date = new Date(), madeHere = false): Promise<OcspAnswer> {
  let response: OCSPResponse;
  let basic: BasicOCSPResponse;
  try {
    response = AsnConvert.parse(toBuffer(der), OCSPResponse);
    if (response.responseStatus !== OCSPResponseStatus.successful) throw new OcspResponseError(`the OCSP responder refused the request (${OCSPResponseStatus[response.responseStatus] ?? response.responseStatus})`);
    if (!response.responseBytes || response.responseBytes.responseType !== id_pkix_ocsp_basic) throw new OcspResponseError('the OCSP response is not a basic response');
    basic = AsnConvert.parse(response.responseBytes.response, BasicOCSPResponse);
  } catch (error) {
    if (error instanceof OcspResponseError) throw error;
    throw new OcspResponseError('the OCSP response could not be read');
  }
  if (!madeHere) await checkSignature(response.responseBytes.response.buffer, credential);

  const data = basic.tbsResponseData;
  const echoed = data.responseExtensions?.find((extension) => extension.extnID === id_pkix_ocsp_nonce);
  // Responders that serve pre-signed answers echo no nonce; one that echoes must echo ours.
  if (echoed && !sameBytes(AsnConvert.parse(echoed.extnValue.buffer, Nonce).buffer, query.nonce)) throw new OcspResponseError('the OCSP response answers another request (nonce)');
  const single = data.responses.find((candidate) => sameCertId(candidate.certID, query.certId));
  if (!single) throw new OcspResponseError('the OCSP response does not answer for this certificate');
  if (single.thisUpdate.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new OcspResponseError('the OCSP response is dated in the future');
  if (single.nextUpdate && single.nextUpdate.getTime() < now.getTime() - CLOCK_SKEW_MS) throw new OcspResponseError('the OCSP response is out of date');
  const status = single.certStatus.revoked ? 'revoked' : single.certStatus.good !== undefined ? 'good' : 'unknown';
  return {
    status,
    revokedAt: single.certStatus.revoked?.revocationTime.toISOString() ?? null,
    thisUpdate: single.thisUpdate.toISOString(),
    nextUpdate: single.nextUpdate?.toISOString() ?? null,
    producedAt: data.producedAt.toISOString(),
    response: toBuffer(der).toString('base64'),
  };
}
