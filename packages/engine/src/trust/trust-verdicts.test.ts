import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureLocalPki } from '../pki/local-pki.ts';
import { sign } from '../sign.ts';
import { createPemSigner } from '../signer/claim-signer.ts';
import { makeImage, tamperJpegPixel } from '../testing/make-assets.ts';
import { corpusFile, corpusText, expectedCorpus, hasCorpus } from '../testing/shared-corpus.ts';
import { verify } from '../verify.ts';
import { createTrustStore } from './trust-store.ts';

async function makeSigner(name: string) {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), `pg-${name}-`)), 'pki'));
  return { signer: createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }), rootPem: pki.rootCertificatePem };
}

describe('trust verdicts reused per signer chain', () => {
  it('give exactly the verdict and codes of a full trust-checked read, for assets of one chain', async () => {
    const ours = await makeSigner('ours');
    const outsider = await makeSigner('outsider');
    const trust = createTrustStore([ours.rootPem]);
    const assets = [
      (await sign(await makeImage('jpeg', 90, 60, 1), 'image/jpeg', { creator: 'A', aiAssisted: true }, { signer: ours.signer })).signedBytes,
      (await sign(await makeImage('jpeg', 91, 60, 2), 'image/jpeg', { creator: 'B' }, { signer: ours.signer })).signedBytes,
      (await sign(await makeImage('jpeg', 92, 60, 3), 'image/jpeg', { creator: 'C', aiAssisted: true }, { signer: outsider.signer })).signedBytes,
      (await sign(await makeImage('jpeg', 93, 60, 4), 'image/jpeg', { creator: 'D', aiAssisted: true }, { signer: outsider.signer })).signedBytes,
    ];
    const statuses: string[] = [];
    for (const bytes of assets) {
      const full = await verify(bytes, 'image/jpeg', { trust, reuseTrustVerdicts: false });
      const first = await verify(bytes, 'image/jpeg', { trust });
      const again = await verify(bytes, 'image/jpeg', { trust });
      expect(first).toEqual(full);
      expect(again).toEqual(full);
      statuses.push(full.verification.status);
    }
    expect(statuses).toEqual(['verified', 'verified', 'partial', 'partial']);
  });

  it('never carries a verdict over to a tampered asset', async () => {
    const ours = await makeSigner('tamper');
    const trust = createTrustStore([ours.rootPem]);
    const signed = (await sign(await makeImage('jpeg', 160, 120), 'image/jpeg', { creator: 'A', aiAssisted: true }, { signer: ours.signer })).signedBytes;
    expect((await verify(signed, 'image/jpeg', { trust })).verification.status).toBe('verified');
    const tampered = tamperJpegPixel(signed);
    const report = await verify(tampered, 'image/jpeg', { trust });
    expect(report.verification.status).toBe('invalid');
    expect(report).toEqual(await verify(tampered, 'image/jpeg', { trust, reuseTrustVerdicts: false }));
  });

  it.skipIf(!hasCorpus)('agree with c2pa-rs on every corpus file, read twice with the corpus anchors', { timeout: 240_000 }, async () => {
    const corpus = expectedCorpus();
    const trust = createTrustStore(corpus.trust_anchors.map((file) => corpusText(file)));
    let compared = 0;
    for (const [file, expected] of Object.entries(corpus.files)) {
      if (!expected.trusted.state) continue;
      const bytes = corpusFile(file);
      // The oracle: c2pa-wasm alone, reading the whole file with every anchor.
      const full = await verify(bytes, expected.mime, { trust, reuseTrustVerdicts: false, nativeHardBinding: false });
      const first = await verify(bytes, expected.mime, { trust });
      const again = await verify(bytes, expected.mime, { trust });
      expect(first, file).toEqual(full);
      expect(again, file).toEqual(full);
      expect(full.report.validationState, file).toBe(expected.trusted.state);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(30);
  });
});
