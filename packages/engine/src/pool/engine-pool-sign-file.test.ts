// A pool signs a video on disk by its path into another file: the worker hashes and copies it, so
// the bytes never cross threads. The signed file verifies (by path too), its hashes are the files'
// own, and a signer that stays on the parent thread (a remote signing service, an account's
// managed identity) is asked for the signature there.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccountCertificate } from '../pki/account-certificate.ts';
import { ensureLocalPki, type LocalPki } from '../pki/local-pki.ts';
import { createPemSigner, type ClaimSigner } from '../signer/claim-signer.ts';
import { makeBmff, makeImage } from '../testing/make-assets.ts';
import { createTrustStore } from '../trust/trust-store.ts';
import { verify } from '../verify.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('engine pool: signing a file by its path', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-pool-sign-file-'));
  let pki: LocalPki;
  let pool: EnginePool;
  const original = makeBmff('mp4', 3 * 1024 * 1024);
  beforeAll(async () => {
    ({ pki } = await ensureLocalPki(join(dir, 'pki')));
    pool = await createEnginePool({ workers: 1, signer: { privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem }, trustAnchorPems: [pki.rootCertificatePem] });
    writeFileSync(join(dir, 'video.mp4'), original);
  });
  afterAll(() => pool.close());

  it('writes the signed file, which verifies from bytes and by path, with the hashes of both files', async () => {
    const result = await pool.sign({ path: join(dir, 'video.mp4') }, 'video/mp4', { creator: 'Ada', title: 'Harbour at dawn' }, { output: join(dir, 'signed.mp4') });
    const signed = readFileSync(join(dir, 'signed.mp4'));
    expect(result.originalBytes).toBe(original.byteLength);
    expect(result.signedBytes).toBe(signed.byteLength);
    expect(result.assetHash).toBe(sha256(original));
    expect(result.signedAssetHash).toBe(sha256(signed));
    expect(Buffer.from(signed.subarray(0, original.byteLength)).equals(Buffer.from(original))).toBe(true);
    const report = await verify(signed, 'video/mp4', { trust: createTrustStore([pki.rootCertificatePem]) });
    expect(report.verification.status).toBe('verified');
    expect(report.report.manifestId).toBe(result.manifestId);
    expect((await pool.verify({ path: join(dir, 'signed.mp4') }, 'video/mp4')).verification.status).toBe('verified');
  });

  it('asks a signer that stays on this thread for the signature', async () => {
    const local = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
    let asked = 0;
    const remote: ClaimSigner = { ...local, sign: (data) => (asked++, local.sign(data)) };
    await pool.sign({ path: join(dir, 'video.mp4') }, 'video/mp4', { creator: 'Ada' }, { output: join(dir, 'remote.mp4'), signer: remote });
    expect(asked).toBe(1);
    expect((await pool.verify({ path: join(dir, 'remote.mp4') }, 'video/mp4')).verification.status).toBe('verified');
  });

  it("names the organisation (a CAWG identity assertion), its credential's signature asked here when it stays on this thread", async () => {
    const issued = await issueAccountCertificate(pki.dir, { organization: 'Harbour Times', ocspUrl: 'http://127.0.0.1:9/ocsp' });
    const local = createPemSigner(issued);
    let asked = 0;
    const remote: ClaimSigner = { ...local, sign: (data) => (asked++, local.sign(data)) };
    for (const [identity, file] of [[issued, 'named.mp4'], [remote, 'named-remote.mp4']] as const) {
      await pool.sign({ path: join(dir, 'video.mp4') }, 'video/mp4', { creator: 'Ada' }, { output: join(dir, file), identity });
      const { verification } = await pool.verify({ path: join(dir, file) }, 'video/mp4');
      expect(verification.status).toBe('verified');
      expect(verification.identities?.map(({ name, status }) => ({ name, status }))).toEqual([{ name: 'Harbour Times', status: 'trusted' }]);
    }
    expect(asked).toBe(1);
  });

  it('refuses what it cannot sign from disk (a JPEG, a file that is not BMFF, a missing file) and goes on', async () => {
    writeFileSync(join(dir, 'photo.jpg'), await makeImage('jpeg'));
    await expect(pool.sign({ path: join(dir, 'photo.jpg') }, 'image/jpeg', { creator: 'Ada' }, { output: join(dir, 'x') })).rejects.toMatchObject({ code: 'unsupported_format' });
    // (A signed video is signed again, its credentials kept as the parent: io/keep-parent.test.ts.)
    writeFileSync(join(dir, 'garbage.mp4'), Buffer.from('not a video at all'));
    await expect(pool.sign({ path: join(dir, 'garbage.mp4') }, 'video/mp4', { creator: 'Ada' }, { output: join(dir, 'again.mp4') })).rejects.toMatchObject({ code: 'malformed_asset' });
    await expect(pool.sign({ path: join(dir, 'missing.mp4') }, 'video/mp4', { creator: 'Ada' }, { output: join(dir, 'y') })).rejects.toThrow(/ENOENT/);
    expect((await pool.sign({ path: join(dir, 'video.mp4') }, 'video/mp4', { creator: 'Ada' }, { output: join(dir, 'after.mp4') })).signedBytes).toBeGreaterThan(original.byteLength);
  });
});
