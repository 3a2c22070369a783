import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPemSigner, createTrustStore, ensureLocalPki, NO_TRUST, ProvenanceError, sign, verify, type ClaimSigner, type TrustStore } from './index.ts';
import { makeImage, tamperJpegPixel } from './testing/make-assets.ts';
import { rawValidationState } from './testing/raw-c2pa.ts';
import { CORPUS_DIR, corpusFile, corpusText, expectedCorpus, hasCorpus, type ExpectedRead } from './testing/shared-corpus.ts';

let signer: ClaimSigner;
let trust: TrustStore;
let signedJpeg: Uint8Array;
let manifestStore: Uint8Array;
let rootPem: string;

beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-verify-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  rootPem = pki.rootCertificatePem;
  trust = createTrustStore([{ name: 'gateway root', tier: 'gateway', pems: [pki.rootCertificatePem] }]);
  const result = await sign(await makeImage('jpeg', 160, 120), 'image/jpeg', { creator: 'Ada Reporter', aiAssisted: true }, { signer });
  signedJpeg = result.signedBytes;
  manifestStore = result.manifestStore;
});

function indexOfSequence(haystack: Uint8Array, needle: number[], from = 0): number {
  outer: for (let index = from; index <= haystack.length - needle.length; index += 1) {
    for (let offset = 0; offset < needle.length; offset += 1) if (haystack[index + offset] !== needle[offset]) continue outer;
    return index;
  }
  return -1;
}

describe('tampering', () => {
  it('reports a changed pixel byte as invalid with assertion.dataHash.mismatch', async () => {
    const tampered = tamperJpegPixel(signedJpeg);
    const report = await verify(tampered, 'image/jpeg', { trust });
    expect(report.verification.status).toBe('invalid');
    expect(report.verification.trustLevel).toBe('untrusted');
    expect(report.report.codes.failure.map((code) => code.code)).toContain('assertion.dataHash.mismatch');
    expect(report.verification.reasonCode).toBe('assertion.dataHash.mismatch');
    expect(report.badge.message).toMatch(/changed since it was signed/);
    expect(await rawValidationState(tampered, 'image/jpeg')).toBe('Invalid');
  });

  it('reports a changed signature byte as invalid', async () => {
    const tampered = signedJpeg.slice();
    // The COSE_Sign1 ends with the signature: after the `pad` header, `null` (detached payload), then bstr(64).
    const pad = indexOfSequence(tampered, [0x63, 0x70, 0x61, 0x64]);
    const signatureStart = indexOfSequence(tampered, [0xf6, 0x58, 0x40], pad) + 3;
    expect(pad).toBeGreaterThan(0);
    tampered[signatureStart + 10] = tampered[signatureStart + 10]! ^ 0xff;
    const report = await verify(tampered, 'image/jpeg', { trust });
    expect(report.verification.status).toBe('invalid');
    expect(report.verification.signatureValid).toBe(false);
    expect(report.report.codes.failure.map((code) => code.code)).toContain('claimSignature.mismatch');
  });

  it('reports an asset whose manifest was stripped as unsigned', async () => {
    const original = await makeImage('jpeg', 160, 120);
    const report = await verify(original, 'image/jpeg', { trust });
    expect(report.verification).toMatchObject({ status: 'unsigned', trustLevel: 'none', chainValid: false, signatureValid: false });
    expect(report.badge.message).toBe('No Content Credentials found');
    // Stripping: cut the APP11 (JUMBF) segments out of the signed file.
    const stripped: number[] = [];
    let index = 2;
    stripped.push(0xff, 0xd8);
    while (index < signedJpeg.length) {
      const marker = signedJpeg[index + 1]!;
      const length = (signedJpeg[index + 2]! << 8) | signedJpeg[index + 3]!;
      if (marker === 0xda) {
        stripped.push(...signedJpeg.subarray(index));
        break;
      }
      if (marker !== 0xeb) stripped.push(...signedJpeg.subarray(index, index + 2 + length));
      index += 2 + length;
    }
    expect((await verify(new Uint8Array(stripped), 'image/jpeg', { trust })).verification.status).toBe('unsigned');
  });

  it('reports an intact manifest from a signer outside the anchors as partial', async () => {
    const report = await verify(signedJpeg, 'image/jpeg', { trust: NO_TRUST });
    expect(report.verification).toMatchObject({ status: 'partial', trustLevel: 'untrusted', chainValid: false, signatureValid: true });
    expect(report.verification.trust).toEqual({ tier: 'untrusted', list: null, anchor: null, label: 'Not on any trust list' });
    expect(report.report.reason).toMatch(/is not on any trust list/);
    expect(report.badge.message).toBe('Content Credentials intact, but the signer is not on any trust list');
    const otherRoot = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-other-')), 'pki'));
    const elsewhere = await verify(signedJpeg, 'image/jpeg', { trust: createTrustStore([otherRoot.pki.rootCertificatePem]) });
    expect(elsewhere.verification.status).toBe('partial');
    expect(elsewhere.report.codes.failure.map((code) => code.code)).toContain('signingCredential.untrusted');
  });

  it('gives the promised verify response for our own signed asset', async () => {
    const report = await verify(signedJpeg, 'image/jpeg', { trust, thumbnails: true });
    const root = new X509Certificate(rootPem);
    expect(report.verification).toEqual({
      status: 'verified',
      chainValid: true,
      signatureValid: true,
      trustLevel: 'trusted',
      // This gateway's own root is no trust list: the label says whose word it is (issue 30, finding 3).
      trust: {
        tier: 'gateway',
        list: 'gateway root',
        anchor: { subject: root.subject.split('\n').reverse().join(', '), sha256: createHash('sha256').update(root.raw).digest('hex') },
        label: 'Signed through this gateway; not on a public trust list, so other validators show it as unrecognised',
      },
      reasonCode: 'signingCredential.trusted',
      // Signed without a named actor: no CAWG identity assertion.
      identities: [],
      credentials: { creator: 'Ada Reporter', organization: 'Provenance Gateway', organizationVerified: true, organizationDomain: null, softwareAgent: expect.stringContaining('Provenance Gateway'), aiAssisted: true, editHistory: ['Created'] },
    });
    expect(report.report.signer).toMatchObject({ commonName: 'Provenance Gateway Signer', organization: 'Provenance Gateway', issuer: 'Provenance Gateway Local PKI', algorithm: 'Es256', trusted: true });
    expect(report.report.signedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(report.report.signer?.expired).toBe(false);
    expect(report.report.reason).toBe('The manifest is intact and the signer, Provenance Gateway, chains to this gateway’s own root.');
    expect(report.badge.message).toBe('Content Credentials verified: signed by Provenance Gateway — signer chains to this gateway’s own root');
  });

  it('reads the manifest store on its own (a .c2pa sidecar)', async () => {
    const report = await verify(manifestStore, 'application/c2pa', { trust });
    expect(report.report.manifestId).toMatch(/^urn:c2pa:/);
  });
});

describe('errors a person understands', () => {
  it('refuses an unsupported format', async () => {
    await expect(verify(new TextEncoder().encode('hello'), 'text/plain')).rejects.toMatchObject({ code: 'unsupported_format' });
  });

  it('refuses bytes that are not the format they claim to be', async () => {
    await expect(verify(new Uint8Array(512).fill(7), 'video/mp4')).rejects.toBeInstanceOf(ProvenanceError);
  });

  it('says a corrupt JPEG is not a valid JPEG, to read and to sign, not that JPEG is unsupported', async () => {
    const corrupt = new Uint8Array([...signedJpeg.slice(0, 20), ...new Uint8Array(200).fill(7)]);
    const message = 'The file could not be read: it is not a valid JPEG file.';
    await expect(verify(corrupt, 'image/jpeg')).rejects.toMatchObject({ code: 'malformed_asset', message });
    await expect(sign(corrupt, 'image/jpeg', { creator: 'Ada', aiAssisted: false }, { signer })).rejects.toMatchObject({ code: 'malformed_asset', message });
  });
});

const mapping = (expected: ExpectedRead): string => {
  if (expected.state) return { Trusted: 'verified', Valid: 'partial', Invalid: 'invalid' }[expected.state];
  if (expected.error === 'C2pa(JumbfNotFound)') return 'unsigned';
  return 'error';
};

describe.skipIf(!hasCorpus)(`the corpus verdicts of ${CORPUS_DIR}/expected.json`, () => {
  const corpus = hasCorpus ? expectedCorpus() : { files: {}, trust_anchors: [] };
  const anchors = hasCorpus ? createTrustStore(corpus.trust_anchors.map((file) => corpusText(file))) : NO_TRUST;
  for (const [file, expected] of Object.entries(corpus.files)) {
    it(`${file}: ${mapping(expected.untrusted)} without anchors, ${mapping(expected.trusted)} with them`, async () => {
      const bytes = corpusFile(file);
      for (const [mode, store] of [['untrusted', NO_TRUST], ['trusted', anchors]] as const) {
        const want = expected[mode];
        const started = performance.now();
        const outcome = await verify(bytes, expected.mime, { trust: store }).then(
          (response) => response,
          (error: unknown) => error,
        );
        if (mapping(want) === 'error') {
          expect(outcome, `${mode}: ${want.error}`).toBeInstanceOf(ProvenanceError);
          expect((outcome as ProvenanceError).message.length).toBeGreaterThan(10);
          if (want.error?.includes('RemoteManifest')) expect(outcome).toMatchObject({ code: 'remote_manifest' });
        } else {
          expect(outcome).not.toBeInstanceOf(Error);
          const response = outcome as Awaited<ReturnType<typeof verify>>;
          expect(response.verification.status, mode).toBe(mapping(want));
          // A verified verdict always names the list that vouched; anything else names none as trusted.
          if (response.verification.status === 'verified') expect(response.verification.trust.tier, mode).not.toBe('untrusted');
          if (mode === 'untrusted') expect(response.verification.trust.tier).toBe('untrusted');
          expect(response.report.codes.failure.map((code) => code.code).sort(), `${mode} failure codes`).toEqual([...(want.failure ?? [])].sort());
        }
        // Hostile files (deep nesting, RIFF bomb, too many TIFF subfiles) must answer fast.
        expect(performance.now() - started).toBeLessThan(10_000);
      }
    });
  }
});

describe.skipIf(!hasCorpus)('each check answers from its own codes', () => {
  const anchors = () => createTrustStore([{ name: 'c2pa-rs test roots', tier: 'custom', pems: [corpusText('trust/c2pa-rs-test-roots.pem')] }]);

  it('a file whose only failure is its data hash keeps its valid signature, trusted chain and tier', async () => {
    const { verification, report } = await verify(corpusFile('c2pa-rs/XCA.jpg'), 'image/jpeg', { trust: anchors() });
    expect(report.codes.failure.map((code) => code.code)).toEqual(['assertion.dataHash.mismatch']);
    expect(verification).toMatchObject({ status: 'invalid', signatureValid: true, chainValid: true, trust: { tier: 'custom', list: 'c2pa-rs test roots' } });
    expect(report.signer?.trusted).toBe(true);
  });

  it('a changed claim signature fails the signature, not the chain', async () => {
    const { verification } = await verify(corpusFile('c2pa-rs/E-sig-CA.jpg'), 'image/jpeg', { trust: anchors() });
    expect(verification).toMatchObject({ status: 'invalid', signatureValid: false, chainValid: true });
  });

  it('an expired certificate without a trusted timestamp is said to have expired, not to have been expired at signing', async () => {
    const { verification, report } = await verify(corpusFile('public-testfiles/nikon-20221019-building.jpeg'), 'image/jpeg', { trust: anchors() });
    expect(verification).toMatchObject({ status: 'invalid', chainValid: false, reasonCode: 'signingCredential.expired' });
    expect(report.timestamp).toBeNull();
    expect(report.reason).toBe('The signing certificate has expired, and no timestamp from a time-stamping authority shows the signature was made while it was valid.');
    expect(report.reason).not.toMatch(/when the claim was signed/);
  });

  it('a CAWG identity credential that is not trusted is named as such, not blamed on the trusted claim signer', async () => {
    const { verification, report, badge } = await verify(corpusFile('c2pa-rs/C_with_CAWG_data.jpg'), 'image/jpeg', { trust: anchors() });
    expect(verification).toMatchObject({ status: 'partial', chainValid: true, signatureValid: true, reasonCode: 'cawg.x509.credential.untrusted' });
    expect(report.reason).toMatch(/its signer is on the trust list “c2pa-rs test roots”/);
    expect(report.reason).toMatch(/CAWG identity assertion/);
    expect(report.reason).not.toMatch(/the signer .* is not on any trust list/);
    expect(badge.message).toBe('Content Credentials intact, but the identity they name is not confirmed');
  });
});

describe('remote manifests', () => {
  it('never lets c2pa-wasm fetch on its own, and verifies with the manifest the caller fetched', async () => {
    const url = 'https://manifests.example.org/m/photo.c2pa';
    const result = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada Reporter', aiAssisted: true }, { signer, remoteManifestUrl: url });
    const originalFetch = globalThis.fetch;
    const requested: string[] = [];
    globalThis.fetch = (async (input: Parameters<typeof fetch>[0]) => {
      requested.push(String(input instanceof Request ? input.url : input));
      throw new Error('network is not for c2pa-wasm');
    }) as typeof fetch;
    try {
      const refusal = await verify(result.signedBytes, 'image/jpeg', { trust }).catch((error: unknown) => error);
      expect(refusal).toMatchObject({ code: 'remote_manifest', url });
      expect(requested).toEqual([]);
    } finally {
      globalThis.fetch = originalFetch;
    }
    const report = await verify(result.signedBytes, 'image/jpeg', { trust, remoteManifest: { url, bytes: result.manifestStore } });
    expect(report.verification.status).toBe('verified');
    expect(report.report.manifestId).toBe(result.manifestId);
  });
});
