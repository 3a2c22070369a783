// Read by another implementation: one output of every signable format, signed as the product signs
// (the development product certificate signs the claim, the organisation is named by a CAWG identity
// assertion under its own certificate, the product certificate's OCSP answer stapled from the
// gateway's own responder), with and without a timestamp (TSA_URL set or not), is validated by
// c2pa-rs with the right anchors and read by c2pa-ts (@trustnxt/c2pa-ts 0.9.4). Where c2pa-ts cannot
// read a format, or rejects an output, the table below says exactly what it does and why (its gap,
// with its source), so the test fails if anything about it changes.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentInfo } from '@peculiar/asn1-cms';
import { AsnConvert } from '@peculiar/asn1-schema';
import { PKIStatus, PKIStatusInfo, TimeStampResp } from '@peculiar/asn1-tsp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadC2pa } from '../c2pa/wasm.ts';
import { claimSignatureValue, signatureOcspResponse, signatureTimestampToken } from '../containers/claim-signature.ts';
import { manifestBox, superbox } from '../containers/jumbf.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { SUPPORTED_FORMATS } from '../formats.ts';
import { issueAccountCertificate } from '../pki/account-certificate.ts';
import { ensureLocalPki, PKI_FILES, type LocalPki } from '../pki/local-pki.ts';
import { createOcspResponder } from '../pki/ocsp-responder.ts';
import { issueOcspResponderCertificate } from '../pki/ocsp-responder-certificate.ts';
import { issueProductCertificate } from '../pki/product-certificate.ts';
import { stapledOcspResponse } from '../revocation/stapled-ocsp.ts';
import { sign, type SignOptions, type SignResult } from '../sign.ts';
import { createPemSigner, parseCertificateChainPem, type ClaimSigner } from '../signer/claim-signer.ts';
import { encodePaddedSign1, encodeProtectedHeader } from '../signer/cose-sign1.ts';
import { createRfc3161Timestamper } from '../signer/rfc3161-timestamper.ts';
import { ISCC_SOFT_BINDING_ALG } from '../soft-binding/iscc-image-code.ts';
import { startLocalTsa, type LocalTsa } from '../testing/local-tsa.ts';
import { hasCorpus } from '../testing/shared-corpus.ts';
import { C2PA_TS_ASSET_TYPES, readWithC2paTs, type C2paTsRead } from './c2pa-ts-read.ts';
import { signableInput } from './signable-inputs.ts';

/** The sigTst2 gap: what c2pa-ts 0.9.4 says of every timestamped output it can read. */
const TIMESTAMP_GAP = {
  code: 'signingCredential.invalid',
  explanation: 'Failed to deserialize signature content',
  // c2pa-ts 0.9.4 reads each sigTst2 token as a whole RFC 3161 TimeStampResp (src/cose/Signature.ts,
  // readTimestamps) and throws "Malformed timestamp" on anything else. C2PA 2.x's sigTst2 token is the
  // TimeStampToken alone (a CMS ContentInfo), as c2pa-rs writes and reads it and our signer writes it;
  // c2pa-ts fixed this in 0.14.0 (commit f9b4f2c, "Fix sigTst2 handling": "Content of sigTst2 timestamp
  // tokens should be ContentInfo only, not full TimeStampResp structure"); the npm registry
  // this project installs from offers c2pa-ts 0.8.0 and 0.9.4 only.
  why: "c2pa-ts 0.9.4 expects a TimeStampResp in sigTst2, not the TimeStampToken C2PA 2.x and c2pa-rs write (fixed in c2pa-ts 0.14.0, f9b4f2c)",
};

/** What c2pa-ts makes of each signable format's output. */
type C2paTsExpectation =
  /** Read, parsed and validated: no failure code, the hard binding matched (without a timestamp; with one, TIMESTAMP_GAP). */
  | { verdict: 'accepted'; assetType: 'JPEG' | 'PNG' | 'BMFF'; hardBinding: 'assertion.dataHash.match' | 'assertion.bmffHash.match' }
  /** Read as its format, but its manifest store not found in it. */
  | { verdict: 'no manifest found'; assetType: 'MP3'; why: string }
  /** None of c2pa-ts's asset types reads it. */
  | { verdict: 'unsupported format'; why: string };

const NOT_IN_ITS_LIST = (name: string) => `c2pa-ts marks ${name} unsupported (README, "Asset file formats") and has no asset type for it`;
const NO_ASSET_TYPE = (name: string) => `c2pa-ts has no asset type for ${name} (src/asset: JPEG, PNG, BMFF, MP3 only) and does not list it`;
const BMFF_BRANDS = (name: string) => `c2pa-ts 0.9.4's BMFF reads only the heic and mif1 brands (src/asset/BMFF.ts, canReadBrands); ${name} is not one`;

const C2PA_TS_VERDICTS: Readonly<Record<string, C2paTsExpectation>> = {
  'image/jpeg': { verdict: 'accepted', assetType: 'JPEG', hardBinding: 'assertion.dataHash.match' },
  'image/png': { verdict: 'accepted', assetType: 'PNG', hardBinding: 'assertion.dataHash.match' },
  // AVIF and HEIF carry the mif1 brand, HEIC the heic brand.
  'image/avif': { verdict: 'accepted', assetType: 'BMFF', hardBinding: 'assertion.bmffHash.match' },
  'image/heic': { verdict: 'accepted', assetType: 'BMFF', hardBinding: 'assertion.bmffHash.match' },
  'image/heif': { verdict: 'accepted', assetType: 'BMFF', hardBinding: 'assertion.bmffHash.match' },
  'image/webp': { verdict: 'unsupported format', why: NOT_IN_ITS_LIST('WebP') },
  'image/gif': { verdict: 'unsupported format', why: NOT_IN_ITS_LIST('GIF') },
  'image/tiff': { verdict: 'unsupported format', why: NOT_IN_ITS_LIST('TIFF') },
  'image/svg+xml': { verdict: 'unsupported format', why: NO_ASSET_TYPE('SVG') },
  'audio/wav': { verdict: 'unsupported format', why: NO_ASSET_TYPE('WAV') },
  'application/pdf': { verdict: 'unsupported format', why: NO_ASSET_TYPE('PDF') },
  'video/mp4': { verdict: 'unsupported format', why: `${BMFF_BRANDS('MP4')} (MP4 came in c2pa-ts 0.12.0)` },
  'video/quicktime': { verdict: 'unsupported format', why: BMFF_BRANDS('MOV (qt)') },
  'audio/mp4': { verdict: 'unsupported format', why: BMFF_BRANDS('M4A') },
  'audio/mpeg': {
    verdict: 'no manifest found',
    assetType: 'MP3',
    // c2pa-rs writes the store in a GEOB frame of MIME type application/c2pa (the registered type; "fix:
    // MP3's GEOB MIME type", c2pa-rs #1790), reading application/x-c2pa-manifest-store only as
    // deprecated. c2pa-ts looks only for the deprecated one (src/asset/MP3.ts, C2PA_MIME; so on its main branch too).
    why: 'c2pa-ts finds a C2PA GEOB frame only under the deprecated MIME type application/x-c2pa-manifest-store; c2pa-rs writes application/c2pa',
  },
};

const SIGNABLE = SUPPORTED_FORMATS.filter((format) => format.signable);
const METADATA = { title: 'Harbour at dawn', creator: 'Ada Reporter', license: 'CC-BY-4.0', softwareAgent: 'Provenance Gateway Tests' };
const SOFT_BINDING = { alg: ISCC_SOFT_BINDING_ALG, value: Buffer.from('c343309e3c9e8e67', 'hex').toString('base64'), covers: 'image' as const };

let pki: LocalPki;
let tsa: LocalTsa;
/** What every signing shares: the product's claim signer, the organisation's identity, the staple. */
let product: Pick<SignOptions, 'signer' | 'identity' | 'ocspResponse'>;
let timestamper: NonNullable<SignOptions['timestamper']>;

beforeAll(async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'pg-c2pa-ts-')), 'pki');
  ({ pki } = await ensureLocalPki(dir));
  const issuerCertificatePem = readFileSync(join(dir, PKI_FILES.intermediateCertificate), 'utf8');
  const issuerKeyPem = readFileSync(join(dir, PKI_FILES.intermediateKey), 'utf8');
  const ocspUrl = 'http://127.0.0.1:9/api/v1/pki/ocsp';
  // As the server's development claim signer (services/pki/product-signer-store.ts) and an account's managed identity.
  const productCertificate = await issueProductCertificate({ issuerCertificatePem, issuerKeyPem, product: 'Provenance Gateway', operator: 'Example News Ltd', country: 'GB', ocspUrl, caIssuersUrl: 'http://127.0.0.1:9/api/v1/pki/intermediate.cer', crlUrl: 'http://127.0.0.1:9/api/v1/pki/crl' });
  const organisation = await issueAccountCertificate(dir, { organization: 'Harbour Times', ocspUrl });
  // The gateway's own responder answers in process through a delegated responder certificate, as the server staples.
  const chain = parseCertificateChainPem(productCertificate.certificateChainPem);
  const intermediate = chain[1]!;
  const responder = createOcspResponder({
    issuerCertificate: intermediate,
    issuerKeyPem,
    delegate: await issueOcspResponderCertificate({ issuerCertificate: intermediate, issuerKeyPem, days: 30 }),
    validityMs: 3_600_000,
    statusesOf: async (serials) => serials.map(() => ({ status: 'good' as const })),
  });
  const staple = await stapledOcspResponse(chain, { ownResponder: () => responder });
  if (!staple.stapled) throw new Error(`no OCSP answer to staple: ${staple.reason}`);
  product = { signer: createPemSigner(productCertificate), identity: { credential: createPemSigner(organisation) }, ocspResponse: staple.response };
  tsa = await startLocalTsa();
  timestamper = createRfc3161Timestamper(async (request) => {
    const response = await fetch(tsa.url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: request });
    return new Uint8Array(await response.arrayBuffer());
  });
});
afterAll(async () => tsa?.close());

/** c2pa-rs's verdict on the active manifest, the gateway's root anchoring claim signers and identities, the TSA's root timestamps. */
async function c2paRsVerdict(bytes: Uint8Array, mime: string): Promise<{ state: string; success: string[]; failure: string[] }> {
  const { WasmReader } = loadC2pa();
  const settings = readerSettings({ anchorsPem: pki.rootCertificatePem, identityAnchorsPem: pki.rootCertificatePem, timestampAnchorsPem: tsa.rootPem });
  const reader = await WasmReader.fromBytes(mime, bytes, settings);
  try {
    const store = reader.manifestStore() as { validation_state: string; validation_results: { activeManifest: { success?: { code: string }[]; failure?: { code: string }[] } } };
    const { success = [], failure = [] } = store.validation_results.activeManifest;
    return { state: store.validation_state, success: success.map((entry) => entry.code), failure: failure.map((entry) => entry.code) };
  } finally {
    reader.free();
  }
}

/** The MIME type of the first GEOB frame of an MP3's ID3 tag (ID3v2.4: header, encoding byte, then the type, NUL-ended). */
function geobMimeType(mp3: Uint8Array): string | null {
  const at = Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength).indexOf('GEOB');
  if (at < 0) return null;
  const start = at + 10 + 1;
  return Buffer.from(mp3.subarray(start, mp3.indexOf(0, start))).toString('latin1');
}

/**
 * The signed file with its claim signature's sigTst2 token rewrapped as the whole TimeStampResp
 * c2pa-ts 0.9.4 expects (status granted, the same token), the pad shortened so the signature keeps
 * its size: nothing signed or hashed changes (the unprotected header is covered by neither). It
 * shows that the sigTst2 form is all c2pa-ts rejects in a timestamped output.
 */
function withTimestampAsResponse(signed: SignResult, signer: ClaimSigner): Uint8Array {
  const { manifestStore, manifestId } = signed;
  const token = signatureTimestampToken(manifestStore, manifestId)!;
  const header = encodeProtectedHeader(signer.alg, signer.certificateChain);
  const signature = claimSignatureValue(manifestStore, manifestId)!;
  const ocspResponse = signatureOcspResponse(manifestStore, manifestId) ?? undefined;
  const signatureBox = manifestBox(manifestStore, manifestId, ['c2pa.signature'])!;
  const written = superbox(signatureBox.payload).children.find((box) => box.type === 'cbor')!.payload;
  // The COSE_Sign1 as written, made again from its parts: the one place it sits in the file is found by it.
  expect(Buffer.from(encodePaddedSign1(header, signature, written.byteLength, { timestampToken: token, ocspResponse }))).toEqual(Buffer.from(written));
  const response = AsnConvert.serialize(new TimeStampResp({ status: new PKIStatusInfo({ status: PKIStatus.granted }), timeStampToken: AsnConvert.parse(token, ContentInfo) }));
  const rewrapped = encodePaddedSign1(header, signature, written.byteLength, { timestampToken: new Uint8Array(response), ocspResponse });
  const file = Buffer.from(signed.signedBytes);
  const at = file.indexOf(Buffer.from(written));
  expect(at).toBeGreaterThan(0);
  expect(file.indexOf(Buffer.from(written), at + 1)).toBe(-1);
  return new Uint8Array(Buffer.concat([file.subarray(0, at), rewrapped, file.subarray(at + written.byteLength)]));
}

/** c2pa-ts's read with the URLs and explanations it gives, for a readable failure message. */
const described = (read: C2paTsRead): string => JSON.stringify(read);

function expectAccepted(read: C2paTsRead, signed: SignResult, expected: Extract<C2paTsExpectation, { verdict: 'accepted' }>, stamped: boolean): void {
  expect(read, described(read)).toMatchObject({ outcome: 'read', assetType: expected.assetType, parsed: true, activeManifest: signed.manifestId, valid: true, failure: [] });
  if (read.outcome !== 'read') return;
  const codes = read.success.map((entry) => entry.code);
  // The claim signature, each certificate's profile (c2pa-ts takes no anchors: c2pa-ts-read.ts), the
  // hard binding; the timestamp's token, signature and TSA certificates' profile when there is one.
  expect(codes).toEqual(expect.arrayContaining(['claimSignature.validated', 'signingCredential.trusted', expected.hardBinding, ...(stamped ? ['timeStamp.trusted'] : [])]));
  // Every assertion's hashed URI matched, the organisation's CAWG identity among them (c2pa-ts
  // does not validate CAWG identities: README "Supported assertions", "CAWG Identity" not supported).
  const matched = read.success.filter((entry) => entry.code === 'assertion.hashedURI.match').map((entry) => entry.url?.replace(/^.*c2pa\.assertions\//, ''));
  expect(matched).toEqual(expect.arrayContaining(['cawg.identity', 'c2pa.actions.v2', 'cawg.metadata']));
}

describe('c2pa-ts reads one output of every signable format, signed as the product signs', () => {
  it('knows every signable format, and its asset types are the four this table was written for', () => {
    expect(SIGNABLE.map((format) => format.mime).sort()).toEqual(Object.keys(C2PA_TS_VERDICTS).sort());
    expect(C2PA_TS_ASSET_TYPES.map((type) => type.name).sort()).toEqual(['BMFF', 'JPEG', 'MP3', 'PNG']);
  });

  for (const format of SIGNABLE) {
    const expected = C2PA_TS_VERDICTS[format.mime]!;
    const verdict = expected.verdict === 'accepted' ? `accepts it untimestamped; timestamped, ${TIMESTAMP_GAP.code}: ${TIMESTAMP_GAP.why}` : `${expected.verdict}: ${expected.why}`;
    it.skipIf(signableInput(format.mime).fromCorpus && !hasCorpus)(`${format.name}: c2pa-rs validates claim and identity; c2pa-ts ${verdict}`, async () => {
      const input = await signableInput(format.mime).make();
      const options = { ...product, ...(format.kind === 'image' && { softBinding: SOFT_BINDING }) };
      const untimestamped = await sign(input, format.mime, METADATA, options);
      const timestamped = await sign(input, format.mime, METADATA, { ...options, timestamper });

      // c2pa-rs: the claim under the product's anchor, the identity under the organisation's, the timestamps under the TSA's.
      for (const [signed, stamped] of [[untimestamped, false], [timestamped, true]] as const) {
        const rs = await c2paRsVerdict(signed.signedBytes, format.mime);
        expect(rs.failure, JSON.stringify(rs)).toEqual([]);
        expect(rs.state).toBe('Trusted');
        expect(rs.success).toEqual(
          expect.arrayContaining([
            'claimSignature.validated',
            'signingCredential.trusted',
            'signingCredential.ocsp.notRevoked',
            'cawg.identity.well-formed',
            'cawg.x509.signature.validated',
            'cawg.x509.credential.trusted',
            ...(stamped ? ['timeStamp.trusted', 'cawg.x509.time_stamp.trusted'] : []),
          ]),
        );
      }

      const [plain, stamped] = [await readWithC2paTs(untimestamped.signedBytes), await readWithC2paTs(timestamped.signedBytes)];
      switch (expected.verdict) {
        case 'accepted':
          expectAccepted(plain, untimestamped, expected, false);
          expect(stamped, described(stamped)).toMatchObject({ outcome: 'read', assetType: expected.assetType, parsed: false, valid: false, success: [] });
          if (stamped.outcome === 'read') expect(stamped.failure.map(({ code, explanation }) => ({ code, explanation }))).toEqual([{ code: TIMESTAMP_GAP.code, explanation: TIMESTAMP_GAP.explanation }]);
          // Its token in the form c2pa-ts 0.9.4 reads, the same output is accepted whole, its timestamp too.
          expectAccepted(await readWithC2paTs(withTimestampAsResponse(timestamped, product.signer)), timestamped, expected, true);
          break;
        case 'no manifest found':
          expect(plain).toEqual({ outcome: 'no-manifest', assetType: expected.assetType });
          expect(stamped).toEqual({ outcome: 'no-manifest', assetType: expected.assetType });
          expect(geobMimeType(untimestamped.signedBytes)).toBe('application/c2pa');
          break;
        case 'unsupported format':
          expect(plain).toEqual({ outcome: 'refused' });
          expect(stamped).toEqual({ outcome: 'refused' });
          break;
      }
    });
  }
});
