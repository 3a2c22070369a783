/**
 * The OCSP responder of a certificate authority (RFC 6960): reads a DER OCSPRequest and answers,
 * for each certificate asked about, good, revoked (with its time and reason) or unknown (another
 * issuer's), signed by a delegated responder the CA issued (carried in the answer) or else by the
 * issuing CA itself, and echoing the request's nonce. Messages are read
 * and built with @peculiar/asn1-ocsp; the signature is node:crypto's. The statuses of a request's
 * serial numbers come from the caller in one call (the gateway's certificate records, one query).
 * A request may name at most `maxCertificates`; the answer to a request without a nonce, which is
 * the same for everyone asking, may be kept in the caller's cache until its nextUpdate.
 */
import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import {
  BasicOCSPResponse,
  CertID,
  CertStatus,
  KeyHash,
  OCSPRequest,
  OCSPResponse,
  OCSPResponseStatus,
  ResponderID,
  ResponseBytes,
  ResponseData,
  RevokedInfo,
  SingleResponse,
  id_pkix_ocsp_basic,
  id_pkix_ocsp_nonce,
} from '@peculiar/asn1-ocsp';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { ProvenanceError } from '../errors.ts';
import { AlgorithmIdentifier, CRLReason, CRLReasons, Certificate, Extension } from '@peculiar/asn1-x509';

const HASHES: Readonly<Record<string, string>> = { '1.3.14.3.2.26': 'sha1', '2.16.840.1.101.3.4.2.1': 'sha256', '2.16.840.1.101.3.4.2.2': 'sha384', '2.16.840.1.101.3.4.2.3': 'sha512' };
const ECDSA_WITH: Readonly<Record<string, { oid: string; hash: string }>> = {
  'prime256v1': { oid: '1.2.840.10045.4.3.2', hash: 'sha256' },
  'secp384r1': { oid: '1.2.840.10045.4.3.3', hash: 'sha384' },
  'secp521r1': { oid: '1.2.840.10045.4.3.4', hash: 'sha512' },
};

/** What the CA's records say about one of its serial numbers (lowercase hex). */
export type IssuedCertificateStatus = { status: 'good' } | { status: 'revoked'; revokedAt: Date; reason: 'keyCompromise' | 'superseded' | 'unspecified' } | { status: 'unknown' };

export interface OcspResponderOptions {
  /** The issuing CA's certificate (DER). */
  issuerCertificate: Uint8Array;
  /** Its private key (PKCS#8 PEM, EC): it signs the answers unless a delegate does. */
  issuerKeyPem: string;
  /**
   * A delegated responder certificate the CA issued (ocsp-responder-certificate.ts) and its key:
   * it signs the answers and travels in them, as validators of stapled answers require.
   */
  delegate?: { certificate: Uint8Array; keyPem: string };
  /** The statuses of these serial numbers, in their order. */
  statusesOf(serialNumbers: readonly string[]): Promise<readonly IssuedCertificateStatus[]>;
  /** Certificates one request may ask about; more is refused (a ProvenanceError). 20 when absent. */
  maxCertificates?: number;
  /** Where answers to requests without a nonce are kept, by the SHA-256 of the request. */
  answers?: OcspAnswers;
  /** How long an answer may be relied on (nextUpdate - thisUpdate). */
  validityMs: number;
  now?: () => Date;
}

/** Answers kept for requests without a nonce, which any client may send again byte for byte. */
export interface OcspAnswers {
  get(requestKey: string): Uint8Array | undefined;
  /** Keeps `response` for `requestKey` until `nextUpdate`, when it stops being true. */
  set(requestKey: string, response: Uint8Array, nextUpdate: Date): void;
}

/** Certificates one OCSP request may ask about: a validator asks about a chain's few. */
export const DEFAULT_MAX_OCSP_CERTIFICATES = 20;

export type OcspResponder = (requestDer: Uint8Array) => Promise<Uint8Array>;

const digest = (algorithm: string, bytes: ArrayBuffer | Uint8Array): Buffer => createHash(algorithm).update(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).digest();
const toBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
/** The serial number's INTEGER bytes in lowercase hex, as @peculiar/x509 (and so the engine's signing credential) writes it. */
const serialHex = (serial: ArrayBuffer): string => Buffer.from(serial).toString('hex');

const REASONS: Readonly<Record<'keyCompromise' | 'superseded' | 'unspecified', CRLReasons>> = {
  keyCompromise: CRLReasons.keyCompromise,
  superseded: CRLReasons.superseded,
  unspecified: CRLReasons.unspecified,
};

/** A response without a body: the request could not be read. */
const statusOnly = (status: OCSPResponseStatus): Uint8Array => new Uint8Array(AsnConvert.serialize(new OCSPResponse({ responseStatus: status })));

export function createOcspResponder(options: OcspResponderOptions): OcspResponder {
  const issuer = AsnConvert.parse(toBuffer(options.issuerCertificate), Certificate);
  const issuerName = AsnConvert.serialize(issuer.tbsCertificate.subject);
  const issuerKey = issuer.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey;
  const delegate = options.delegate ? AsnConvert.parse(toBuffer(options.delegate.certificate), Certificate) : null;
  const signingKey: KeyObject = createPrivateKey(options.delegate?.keyPem ?? options.issuerKeyPem);
  const responderKey = delegate ? delegate.tbsCertificate.subjectPublicKeyInfo.subjectPublicKey : issuerKey;
  const curve = signingKey.asymmetricKeyDetails?.namedCurve;
  const signature = curve ? ECDSA_WITH[curve] : undefined;
  if (signingKey.asymmetricKeyType !== 'ec' || !signature) throw new Error('the OCSP responder signs with an EC key on P-256, P-384 or P-521');
  const now = options.now ?? (() => new Date());

  /** Whether the request names this CA as issuer, under the hash it chose. */
  const issuedHere = (certId: CertID): boolean => {
    const hash = HASHES[certId.hashAlgorithm.algorithm];
    if (!hash) return false;
    return digest(hash, issuerName).equals(Buffer.from(certId.issuerNameHash.buffer)) && digest(hash, issuerKey).equals(Buffer.from(certId.issuerKeyHash.buffer));
  };

  const certStatusOf = (record: IssuedCertificateStatus | undefined): CertStatus => {
    if (!record || record.status === 'unknown') return new CertStatus({ unknown: null });
    if (record.status === 'good') return new CertStatus({ good: null });
    return new CertStatus({ revoked: new RevokedInfo({ revocationTime: record.revokedAt, revocationReason: new CRLReason(REASONS[record.reason]) }) });
  };
  const maxCertificates = options.maxCertificates ?? DEFAULT_MAX_OCSP_CERTIFICATES;

  return async (requestDer) => {
    let request: OCSPRequest;
    try {
      request = AsnConvert.parse(toBuffer(requestDer), OCSPRequest);
    } catch {
      return statusOnly(OCSPResponseStatus.malformedRequest);
    }
    const requests = request.tbsRequest.requestList;
    if (requests.length === 0) return statusOnly(OCSPResponseStatus.malformedRequest);
    if (requests.length > maxCertificates) throw new ProvenanceError('too_many_certificates', `An OCSP request may ask about at most ${maxCertificates} certificates; this one asks about ${requests.length}`);
    const nonce = request.tbsRequest.requestExtensions?.find((extension) => extension.extnID === id_pkix_ocsp_nonce);
    const requestKey = nonce || !options.answers ? undefined : digest('sha256', requestDer).toString('hex');
    const kept = requestKey === undefined ? undefined : options.answers?.get(requestKey);
    if (kept) return kept;
    // Whole seconds: DER GeneralizedTime carries no fraction here, and openssl compares them.
    const thisUpdate = new Date(Math.floor(now().getTime() / 1000) * 1000);
    const nextUpdate = new Date(thisUpdate.getTime() + options.validityMs);
    // Only the certificates this CA issued are looked up, all in one call.
    const ours = requests.filter(({ reqCert }) => issuedHere(reqCert));
    const records = ours.length > 0 ? await options.statusesOf(ours.map(({ reqCert }) => serialHex(reqCert.serialNumber))) : [];
    const recordOf = new Map(ours.map((single, index) => [single, records[index]]));
    const responses = requests.map((single) => new SingleResponse({ certID: single.reqCert, certStatus: certStatusOf(recordOf.get(single)), thisUpdate, nextUpdate }));
    const data = new ResponseData({
      responderID: new ResponderID({ byKey: new KeyHash(digest('sha1', responderKey)) }),
      producedAt: thisUpdate,
      responses,
      ...(nonce && { responseExtensions: [new Extension({ extnID: id_pkix_ocsp_nonce, extnValue: nonce.extnValue })] }),
    });
    const tbs = AsnConvert.serialize(data);
    const basic = new BasicOCSPResponse({
      tbsResponseData: data,
      signatureAlgorithm: new AlgorithmIdentifier({ algorithm: signature.oid }),
      signature: new Uint8Array(sign(signature.hash, new Uint8Array(tbs), signingKey)).buffer,
      ...(delegate && { certs: [delegate] }),
    });
    const response = new OCSPResponse({
      responseStatus: OCSPResponseStatus.successful,
      responseBytes: new ResponseBytes({ responseType: id_pkix_ocsp_basic, response: new OctetString(AsnConvert.serialize(basic)) }),
    });
    const answer = new Uint8Array(AsnConvert.serialize(response));
    if (requestKey !== undefined) options.answers?.set(requestKey, answer, nextUpdate);
    return answer;
  };
}
