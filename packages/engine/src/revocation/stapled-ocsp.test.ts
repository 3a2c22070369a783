// Stapled OCSP against a real responder (openssl ocsp on loopback): the signing certificate's
// "good" answer is stapled into the claim signature (rVals → ocspVals), c2pa-rs reads it with the
// responder down and says signingCredential.ocsp.notRevoked, for a photo in memory and for a video
// signed from disk into another file (the large-video path); a revoked or unreachable responder
// staples nothing and says why. The caller's own responder answers in process.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOcspResponse } from '../containers/claim-signature.ts';
import { createPemSigner, sign } from '../index.ts';
import { parseCertificateChainPem } from '../signer/claim-signer.ts';
import { makeBmff, makeImage } from '../testing/make-assets.ts';
import { rawValidationCodes } from '../testing/raw-c2pa.ts';
import { startOcspTestAuthority, type OcspTestAuthority } from '../testing/ocsp-responder.ts';
import { stapledOcspResponse } from './stapled-ocsp.ts';

const fetchOcsp = (url: string): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    get(url, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => (response.statusCode === 200 ? resolve(new Uint8Array(Buffer.concat(chunks))) : reject(new Error(`HTTP ${response.statusCode}`))));
    }).on('error', reject);
  });

let authority: OcspTestAuthority;
let chain: Uint8Array[];
let image: Uint8Array;

beforeAll(async () => {
  authority = await startOcspTestAuthority();
  chain = parseCertificateChainPem(authority.signerChainPem);
  image = await makeImage('jpeg', 320, 200);
}, 30_000);
afterAll(async () => authority?.close());

describe('stapled OCSP', () => {
  it('staples the good answer into the signature, and c2pa-rs reads it offline as not revoked', async () => {
    const outcome = await stapledOcspResponse(chain, { fetchOcsp });
    expect(outcome.stapled).toBe(true);
    if (!outcome.stapled) return;
    expect(outcome.answer.status).toBe('good');
    expect(outcome.responder).toBe(authority.url);

    const signer = createPemSigner({ privateKeyPem: authority.signerKeyPem, certificateChainPem: authority.signerChainPem });
    const plain = await sign(image, 'image/jpeg', { creator: 'Staple Tester' }, { signer });
    const stapled = await sign(image, 'image/jpeg', { creator: 'Staple Tester' }, { signer, ocspResponse: outcome.response });
    expect(signatureOcspResponse(stapled.manifestStore, stapled.manifestId)).toEqual(outcome.response);
    expect(signatureOcspResponse(plain.manifestStore, plain.manifestId)).toBeNull();
    // The staple takes exactly its own bytes in the manifest, plus a few of CBOR framing.
    const added = stapled.signedBytes.byteLength - plain.signedBytes.byteLength;
    expect(added).toBeGreaterThanOrEqual(outcome.response.byteLength);
    expect(added).toBeLessThan(outcome.response.byteLength + 32);

    // With the responder down, c2pa-rs still knows the certificate was good at signing, from the staple alone.
    await authority.stop();
    try {
      const codes = await rawValidationCodes(stapled.signedBytes, 'image/jpeg', authority.rootPem);
      expect(codes, JSON.stringify(codes)).toContain('signingCredential.ocsp.notRevoked');
      expect(codes).toContain('signingCredential.trusted');
      expect(await rawValidationCodes(plain.signedBytes, 'image/jpeg', authority.rootPem)).not.toContain('signingCredential.ocsp.notRevoked');
    } finally {
      await authority.start();
    }
  }, 30_000);

  it('staples the answer into an MP4 signed from disk into another file, read offline as not revoked', async () => {
    const outcome = await stapledOcspResponse(chain, { fetchOcsp });
    if (!outcome.stapled) throw new Error(`nothing stapled: ${outcome.reason}`);
    const dir = mkdtempSync(join(tmpdir(), 'pg-stapled-video-'));
    try {
      writeFileSync(join(dir, 'clip.mp4'), makeBmff('mp4', 512 * 1024, 61));
      const signer = createPemSigner({ privateKeyPem: authority.signerKeyPem, certificateChainPem: authority.signerChainPem });
      const signed = await sign({ path: join(dir, 'clip.mp4') }, 'video/mp4', { creator: 'Staple Tester' }, { signer, ocspResponse: outcome.response, output: join(dir, 'signed.mp4') });
      expect(signatureOcspResponse(signed.manifestStore, signed.manifestId)).toEqual(outcome.response);
      const video = readFileSync(join(dir, 'signed.mp4'));
      await authority.stop();
      try {
        const codes = await rawValidationCodes(video, 'video/mp4', authority.rootPem);
        expect(codes, JSON.stringify(codes)).toContain('signingCredential.ocsp.notRevoked');
        expect(codes).toEqual(expect.arrayContaining(['signingCredential.trusted', 'assertion.bmffHash.match']));
      } finally {
        await authority.start();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('staples nothing, saying why, when the responder is down or the certificate revoked', async () => {
    await authority.stop();
    const down = await stapledOcspResponse(chain, { fetchOcsp, timeLimitMs: 2_000 });
    await authority.start();
    expect(down).toMatchObject({ stapled: false });
    expect(await stapledOcspResponse(chain, {})).toEqual({ stapled: false, reason: 'OCSP requests are turned off' });

    await authority.revoke(new Date(Date.now() - 60_000));
    const revoked = await stapledOcspResponse(chain, { fetchOcsp });
    expect(revoked).toEqual({ stapled: false, reason: 'the responder says the signing certificate is revoked' });
  }, 30_000);

  it('asks the caller’s own responder in process for a certificate it issued, never the network', async () => {
    const asked: Uint8Array[] = [];
    const own = async (requestDer: Uint8Array) => {
      asked.push(requestDer);
      return fetchOcsp(`${authority.url}${encodeURIComponent(Buffer.from(requestDer).toString('base64'))}`);
    };
    const outcome = await stapledOcspResponse(chain, {
      ownResponder: () => own,
      fetchOcsp: () => Promise.reject(new Error('the network was asked')),
    });
    expect(asked).toHaveLength(1);
    // The test authority's certificate was revoked by the test before: its own answer says so.
    expect(outcome).toEqual({ stapled: false, reason: 'the responder says the signing certificate is revoked' });
  }, 30_000);
});
