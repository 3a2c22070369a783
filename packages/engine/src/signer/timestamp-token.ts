/**
 * Reading an RFC 3161 TimeStampToken (a CMS SignedData over a TSTInfo): the time it attests, the
 * imprint and nonce it answers, and the authority that signed it. Used when a reply is checked
 * before it goes into a claim signature, and when a report names a signature's trusted time.
 * Parsed with @peculiar's ASN.1 schemas; the token's signature itself is c2pa-rs's to validate.
 */
import { X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { ContentInfo, SignedData, id_signedData } from '@peculiar/asn1-cms';
import { TSTInfo, id_ct_tstInfo } from '@peculiar/asn1-tsp';

export interface TimestampTokenDetails {
  /** The time the authority attests (TSTInfo genTime), ISO 8601. */
  time: string;
  hashAlgorithm: string;
  hashedMessage: Uint8Array;
  nonce: Uint8Array | null;
  /** The signing authority's name (its certificate's CN, else O, else subject), null when the token holds no certificate for it. */
  authority: string | null;
  /** DER certificates the token carries (what certReq asked for). */
  certificates: Uint8Array[];
}

const bytes = (buffer: ArrayBuffer | ArrayBufferView): Uint8Array =>
  buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.byteLength === b.byteLength && a.every((value, index) => value === b[index]);

/** The CN of node's distinguished-name text ("C=US\nO=Org\nCN=Name"), else the O, else all of it. */
function authorityName(subject: string): string {
  const field = (name: string) => subject.split('\n').find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1);
  return field('CN') ?? field('O') ?? subject.split('\n').join(', ');
}

/** Throws when the bytes are not a TimeStampToken holding a TSTInfo. */
export function readTimestampToken(token: Uint8Array): TimestampTokenDetails {
  const contentInfo = AsnConvert.parse(token, ContentInfo);
  if (contentInfo.contentType !== id_signedData) throw new Error(`not a SignedData (${contentInfo.contentType})`);
  const signedData = AsnConvert.parse(contentInfo.content, SignedData);
  const encapsulated = signedData.encapContentInfo;
  if (encapsulated.eContentType !== id_ct_tstInfo) throw new Error(`not a TSTInfo (${encapsulated.eContentType})`);
  const content = encapsulated.eContent?.single ?? encapsulated.eContent?.any;
  if (!content) throw new Error('the token has no TSTInfo content');
  const tstInfo = AsnConvert.parse(content, TSTInfo);

  const certificates = Array.from(signedData.certificates ?? []).flatMap((choice) => (choice.certificate ? [bytes(AsnConvert.serialize(choice.certificate))] : []));
  const sid = signedData.signerInfos[0]?.sid;
  const signerCertificate = signedData.certificates?.find(({ certificate }) => {
    if (!certificate || !sid) return false;
    if (sid.issuerAndSerialNumber) {
      const { issuer, serialNumber } = sid.issuerAndSerialNumber;
      return sameBytes(bytes(serialNumber), bytes(certificate.tbsCertificate.serialNumber)) && sameBytes(bytes(AsnConvert.serialize(issuer)), bytes(AsnConvert.serialize(certificate.tbsCertificate.issuer)));
    }
    const keyId = sid.subjectKeyIdentifier;
    return !!keyId && (certificate.tbsCertificate.extensions ?? []).some((extension) => extension.extnID === '2.5.29.14' && sameBytes(bytes(extension.extnValue.buffer), bytes(AsnConvert.serialize(keyId))));
  })?.certificate;

  return {
    time: tstInfo.genTime.toISOString(),
    hashAlgorithm: tstInfo.messageImprint.hashAlgorithm.algorithm,
    hashedMessage: bytes(tstInfo.messageImprint.hashedMessage.buffer),
    nonce: tstInfo.nonce ? bytes(tstInfo.nonce) : null,
    authority: signerCertificate ? authorityName(new X509Certificate(bytes(AsnConvert.serialize(signerCertificate))).subject) : null,
    certificates,
  };
}
