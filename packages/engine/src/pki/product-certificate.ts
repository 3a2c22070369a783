/**
 * The development product certificate: the claim-signing certificate the local PKI's intermediate
 * issues to the installation itself when the operator names no claim signer of their own. It
 * follows the C2PA claim-signing leaf profile (conformance-public, docs/v0.2/cert-profiles/
 * claimSigningLeaf.al1.cert.yaml): a subject with C, O and CN (all three required: the product in
 * CN, the operator in O, the operator's country in C), at most 366 days (90 at assurance level 2),
 * digitalSignature and nonRepudiation (critical), cA=false (critical), the C2PA claim-signing and
 * emailProtection EKUs, the C2PA certificate policy, SKI and AKI, an AIA naming the gateway's OCSP
 * responder (required) and where its issuer's certificate is served (caIssuers, recommended), the
 * gateway's CRL, and, when the operator has a record on the Conforming Products List, the `c2pa-al`
 * and `c2pa-cpl-record` extensions. Its root is this installation's own, on no trust list: other
 * validators read it as untrusted.
 */
import 'reflect-metadata';
import { AsnConvert, AsnObjectIdentifierConverter } from '@peculiar/asn1-schema';
import { DirectoryString } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import { CA_ALGORITHM, DAY_MS, issuedLeaf, issuerSigningKey, keyPair, serialNumber, type IssuedLeafCertificate } from './certificate-authority.ts';


export const EKU_EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
export const EKU_C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';
/** c2pa-certificate-policy: the profile asks every claim-signing leaf to carry it. */
export const C2PA_CERTIFICATE_POLICY = '1.3.6.1.4.1.62558.1.1';
/** id-c2pa-al: its value is an OBJECT IDENTIFIER naming the level. */
export const C2PA_ASSURANCE_LEVEL_EXTENSION = '1.3.6.1.4.1.62558.3';
/** c2pa-cpl-record: its value is a UTF8String (SIZE 36), the product's record ID on the CPL. */
export const C2PA_CPL_RECORD_EXTENSION = '1.3.6.1.4.1.62558.4';
/** The level OIDs, by assurance level. */
export const C2PA_ASSURANCE_LEVELS: Readonly<Record<1 | 2, string>> = { 1: '1.3.6.1.4.1.62558.3.10', 2: '1.3.6.1.4.1.62558.3.20' };
/** The longest validity the profile allows, by assurance level. */
export const MAX_VALIDITY_DAYS: Readonly<Record<1 | 2, number>> = { 1: 366, 2: 90 };
/**
 * The C of an operator who named no country: ZZ, a code ISO 3166-1 leaves to its users and that
 * Unicode CLDR uses for "Unknown Region", so the subject has the C the profile requires without
 * claiming a country it does not know.
 */
export const UNKNOWN_COUNTRY = 'ZZ';

const CPL_RECORD = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The operator's record on the Conforming Products List, as their configuration gives it. */
export interface ConformingProductRecord {
  /** The record's UUID (36 characters). */
  recordId: string;
  assuranceLevel: 1 | 2;
}

export interface ProductCertificateRequest {
  /** The issuing CA (the local PKI's intermediate): its certificate and PKCS#8 key, PEM. */
  issuerCertificatePem: string;
  issuerKeyPem: string;
  /** CN: the product, as its CPL record names it. */
  product: string;
  /** O: the operator running the installation. */
  operator: string;
  /** C: the operator's country (ISO 3166 two letters; UNKNOWN_COUNTRY when the operator named none). */
  country: string;
  /** The gateway's OCSP responder, e.g. `${PUBLIC_URL}/api/v1/pki/ocsp`. */
  ocspUrl: string;
  /** Where the issuer's certificate is served as DER (AIA caIssuers), e.g. `${PUBLIC_URL}/api/v1/pki/intermediate.cer`. */
  caIssuersUrl: string;
  /** The gateway's CRL, e.g. `${PUBLIC_URL}/api/v1/pki/crl`; named as a distribution point when given. */
  crlUrl?: string | undefined;
  /** Absent: neither C2PA extension is written (no CPL record to name). */
  conformingProduct?: ConformingProductRecord | undefined;
  /** Validity in days, at most the level's maximum (366, or 90 at level 2); default that maximum. */
  validityDays?: number | undefined;
  now?: Date | undefined;
}

/** The product certificate then the intermediate, with its key. */
export type ProductCertificate = IssuedLeafCertificate;

export class ProductCertificateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProductCertificateError';
  }
}

/** Checks a CPL record as configured (the UUID's form, level 1 or 2). */
export function checkConformingProduct(record: ConformingProductRecord): ConformingProductRecord {
  if (!CPL_RECORD.test(record.recordId)) throw new ProductCertificateError(`The CPL record ID must be the record's UUID (36 characters), not "${record.recordId}".`);
  if (record.assuranceLevel !== 1 && record.assuranceLevel !== 2) throw new ProductCertificateError(`The assurance level must be 1 or 2, not ${String(record.assuranceLevel)}.`);
  return { recordId: record.recordId.toLowerCase(), assuranceLevel: record.assuranceLevel };
}

/** The two C2PA extensions naming the product's CPL record (neither critical). */
function conformingProductExtensions(record: ConformingProductRecord): x509.Extension[] {
  const level = AsnObjectIdentifierConverter.toASN(C2PA_ASSURANCE_LEVELS[record.assuranceLevel]).toBER(false);
  const recordId = AsnConvert.serialize(new DirectoryString({ utf8String: record.recordId }));
  return [new x509.Extension(C2PA_ASSURANCE_LEVEL_EXTENSION, false, level), new x509.Extension(C2PA_CPL_RECORD_EXTENSION, false, recordId)];
}

/** What a product certificate names, compared when deciding whether the one in force still fits the configuration. */
export type ProductCertificateProfile = Pick<ProductCertificateRequest, 'product' | 'operator' | 'country' | 'ocspUrl' | 'caIssuersUrl' | 'conformingProduct'>;

/**
 * Whether the signing certificate (the first of `chainPem`) says what `profile` says: the same
 * subject, OCSP and caIssuers addresses and C2PA extensions (byte for byte as this module writes
 * them), within the level's longest validity. An earlier gateway signer (three years, no OCSP
 * address) does not, nor a product certificate issued before it named its country and issuer.
 */
export function productCertificateFits(chainPem: string, profile: ProductCertificateProfile): boolean {
  const block = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(chainPem);
  let leaf: x509.X509Certificate;
  try {
    if (!block) return false;
    leaf = new x509.X509Certificate(block[0]);
  } catch {
    return false;
  }
  const field = (name: string) => leaf.subjectName.getField(name).join();
  if (field('CN') !== profile.product.trim() || field('O') !== profile.operator.trim() || field('C') !== profile.country) return false;
  const access = leaf.getExtension(x509.AuthorityInfoAccessExtension);
  if (!access?.ocsp.some((name) => name.value === profile.ocspUrl) || !access.caIssuers.some((name) => name.value === profile.caIssuersUrl)) return false;
  const expected = profile.conformingProduct ? conformingProductExtensions(checkConformingProduct(profile.conformingProduct)) : [];
  for (const oid of [C2PA_ASSURANCE_LEVEL_EXTENSION, C2PA_CPL_RECORD_EXTENSION]) {
    const present = leaf.getExtension(oid);
    const wanted = expected.find((extension) => extension.type === oid);
    if (!present !== !wanted) return false;
    if (present && wanted && !Buffer.from(present.value).equals(Buffer.from(wanted.value))) return false;
  }
  const maxDays = MAX_VALIDITY_DAYS[profile.conformingProduct?.assuranceLevel ?? 1];
  return leaf.notAfter.getTime() - leaf.notBefore.getTime() <= maxDays * DAY_MS;
}

export async function issueProductCertificate(request: ProductCertificateRequest): Promise<ProductCertificate> {
  const product = request.product.trim();
  const operator = request.operator.trim();
  if (!product || !operator) throw new ProductCertificateError('A product certificate names the product (CN) and the operator (O): neither may be empty.');
  if (!/^[A-Z]{2}$/.test(request.country)) throw new ProductCertificateError(`The country must be two capital letters (ISO 3166), not "${request.country}".`);
  const record = request.conformingProduct && checkConformingProduct(request.conformingProduct);
  const maxDays = MAX_VALIDITY_DAYS[record?.assuranceLevel ?? 1];
  const days = request.validityDays ?? maxDays;
  if (!(days > 0 && days <= maxDays)) throw new ProductCertificateError(`A claim-signing certificate may be valid for at most ${maxDays} days, not ${days}.`);

  const issuer = new x509.X509Certificate(request.issuerCertificatePem);
  const issuerKey = await issuerSigningKey(request.issuerKeyPem);
  const keys = await keyPair();
  const now = (request.now ?? new Date()).getTime();
  // Backdated a minute for clocks a little behind; the whole span stays within the profile's maximum.
  const notBefore = new Date(now - 60_000);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    // The JSON form, so a name with commas or equals signs stays one attribute.
    subject: [{ C: [request.country] }, { O: [operator] }, { CN: [product] }],
    issuer: issuer.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + days * DAY_MS),
    signingAlgorithm: CA_ALGORITHM,
    publicKey: keys.publicKey,
    signingKey: issuerKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      new x509.ExtendedKeyUsageExtension([EKU_C2PA_CLAIM_SIGNING, EKU_EMAIL_PROTECTION], false),
      // Not the gateway's organisation-verified policy: the operator's name is as configured, checked by nobody.
      new x509.CertificatePolicyExtension([C2PA_CERTIFICATE_POLICY], false),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(issuer),
      new x509.AuthorityInfoAccessExtension({ ocsp: [new x509.GeneralName('url', request.ocspUrl)], caIssuers: [new x509.GeneralName('url', request.caIssuersUrl)] }),
      ...(request.crlUrl ? [new x509.CRLDistributionPointsExtension([request.crlUrl])] : []),
      ...(record ? conformingProductExtensions(record) : []),
    ],
  });
  return issuedLeaf(certificate, issuer, keys.privateKey);
}
