// Timestamps added later through the engine pool (its third task kind): a JPEG in memory, and MP4s
// on disk timestamped into another file, their tokens carried by the pool's own transport to a real
// RFC 3161 authority (openssl ts on 127.0.0.1). c2pa-rs reads each result as timestamped and, as of a
// declared time after the signing certificate's expiry, still valid; the refusals cross the worker
// typed (NothingToTimestampError, TimestampError).
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../byte-source.ts';
import { readerSettings } from '../c2pa/reader-settings.ts';
import { withValidationTime } from '../c2pa/validation-clock.ts';
import { loadC2pa } from '../c2pa/wasm.ts';
import { C2PA_UUID, readBmffTree, sameBytes } from '../containers/bmff-boxes.ts';
import { SigningError, TimestampError } from '../errors.ts';
import { NothingToTimestampError } from '../manifest/timestamp-update.ts';
import { sign } from '../sign.ts';
import { createPemSigner, type ClaimSigner } from '../signer/claim-signer.ts';
import { startLocalTsa, type LocalTsa } from '../testing/local-tsa.ts';
import { signMp4File } from '../testing/large-mp4.ts';
import { makeBmff, makeImage } from '../testing/make-assets.ts';
import { CORPUS_DIR, hasCorpus } from '../testing/shared-corpus.ts';
import { issueTestSigningChain, type TestSigningChain } from '../testing/test-signing-chain.ts';
import { createEnginePool, type EnginePool } from './engine-pool.ts';

const DAY_MS = 86_400_000;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('engine pool: timestamps added later', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pg-pool-add-timestamp-'));
  let tsa: LocalTsa;
  let chain: TestSigningChain;
  let signer: ClaimSigner;
  let pool: EnginePool;
  let refusing: EnginePool;
  let withoutAuthority: EnginePool;
  let carried = 0;
  // The test chain's leaf lasts 10 days, its CAs 30: in 20 days only the signing certificate has expired.
  const afterExpiry = new Date(Date.now() + 20 * DAY_MS);

  beforeAll(async () => {
    tsa = await startLocalTsa();
    chain = await issueTestSigningChain();
    signer = createPemSigner(chain);
    const material = { privateKeyPem: chain.privateKeyPem, certificateChainPem: chain.certificateChainPem };
    const trustAnchorPems = [chain.rootPem, { name: 'test TSA', tier: 'custom' as const, purpose: 'timestamps' as const, pems: [tsa.rootPem] }];
    pool = await createEnginePool({
      workers: 1,
      signer: material,
      trustAnchorPems,
      // The pool's thread carries the worker's requests: here a plain loopback POST.
      timestampTransport: async (request) => {
        carried += 1;
        const response = await fetch(tsa.url, { method: 'POST', headers: { 'content-type': 'application/timestamp-query' }, body: request });
        return new Uint8Array(await response.arrayBuffer());
      },
    });
    refusing = await createEnginePool({ workers: 1, signer: material, trustAnchorPems, timestampTransport: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9')) });
    withoutAuthority = await createEnginePool({ workers: 1, signer: material, trustAnchorPems });
  }, 30_000);
  afterAll(async () => {
    await Promise.all([pool?.close(), refusing?.close(), withoutAuthority?.close()]);
    await tsa?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** c2pa-rs's own read as of `at`: the state, the active manifest's codes, and its ingredient's failures. */
  async function rawRead(bytes: Uint8Array, mime: string, at: Date) {
    const store = await withValidationTime(at, async () => {
      const reader = await loadC2pa().WasmReader.fromBytes(mime, bytes, readerSettings({ anchorsPem: chain.rootPem, timestampAnchorsPem: tsa.rootPem }));
      try {
        return reader.manifestStore() as {
          validation_state?: string;
          validation_results?: { activeManifest?: { success: { code: string }[]; failure: { code: string }[] }; ingredientDeltas?: { validationDeltas: { failure: { code: string }[] } }[] };
        };
      } finally {
        reader.free();
      }
    });
    const results = store.validation_results;
    return {
      state: store.validation_state,
      success: (results?.activeManifest?.success ?? []).map(({ code }) => code),
      failure: (results?.activeManifest?.failure ?? []).map(({ code }) => code),
      ingredientFailure: (results?.ingredientDeltas ?? []).flatMap((delta) => delta.validationDeltas.failure.map(({ code }) => code)),
    };
  }

  /** Valid and timestamped today, and, after the signing certificate's expiry, still valid thanks to the timestamp. */
  async function expectTimestamped(bytes: Uint8Array, mime: string, hashMatch: string) {
    const today = await rawRead(bytes, mime, new Date());
    expect(today.state).toBe('Trusted');
    expect(today.failure).toEqual([]);
    expect(today.success).toEqual(expect.arrayContaining([hashMatch, 'timeStamp.validated', 'timeStamp.trusted']));
    const later = await rawRead(bytes, mime, afterExpiry);
    expect(later, JSON.stringify(later)).toMatchObject({ state: 'Trusted', failure: [], ingredientFailure: [] });
    expect(later.success).toEqual(expect.arrayContaining([hashMatch, 'signingCredential.trusted', 'timeStamp.validated']));
  }

  it('timestamps a JPEG in memory on a worker, the tokens carried by the pool', async () => {
    const original = await sign(await makeImage('jpeg', 96, 64, 51), 'image/jpeg', {}, { signer });
    expect((await rawRead(original.signedBytes, 'image/jpeg', afterExpiry)).failure).toContain('signingCredential.expired');
    const before = carried;
    const updated = await pool.addTimestamp(original.signedBytes, 'image/jpeg');
    // One token for the original signature, one for the update manifest's own.
    expect(carried - before).toBe(2);
    expect(updated.timestampedManifest).toBe(original.manifestId);
    expect(updated.assetHash).toBe(original.signedAssetHash);
    expect(updated.signedAssetHash).toBe(sha256(updated.signedBytes));
    await expectTimestamped(updated.signedBytes, 'image/jpeg', 'assertion.dataHash.match');
  }, 30_000);

  it("signs the update manifest as the task's signer, asked on this thread when it stays here (an account's remote service)", async () => {
    const original = await sign(await makeImage('jpeg', 96, 64, 55), 'image/jpeg', {}, { signer });
    let asked = 0;
    const remote: ClaimSigner = { ...signer, sign: (data) => (asked++, signer.sign(data)) };
    const updated = await pool.addTimestamp(original.signedBytes, 'image/jpeg', { signer: remote });
    expect(asked).toBe(1);
    await expectTimestamped(updated.signedBytes, 'image/jpeg', 'assertion.dataHash.match');
  }, 30_000);

  it.each([
    // Signed from disk: the manifest's box is the file's last, and is replaced.
    ['its credentials in its last box', async (path: string) => sign({ path }, 'video/mp4', {}, { signer, output: `${path}.signed` }).then(() => readFileSync(`${path}.signed`))],
    // Signed by c2pa-rs's own builder: its box sits before the media and is freed, no box moving.
    ['its credentials before its media', async (path: string) => signMp4File(path, `${path}.signed`, signer).then(() => readFileSync(`${path}.signed`))],
  ])('timestamps an MP4 on disk into another file, %s, the content untouched', async (_case, signVideo) => {
    const unsigned = join(dir, 'unsigned.mp4');
    writeFileSync(unsigned, makeBmff('mp4', 256 * 1024, 52));
    const signed = await signVideo(unsigned);
    writeFileSync(join(dir, 'signed.mp4'), signed);
    const top = (await readBmffTree(bytesSource(signed)))!;
    const boxAt = top.findIndex((box) => box.type === 'uuid' && box.userType && sameBytes(box.userType, C2PA_UUID));
    expect(boxAt === top.length - 1).toBe(_case.endsWith('last box'));

    const before = carried;
    const result = await pool.addTimestamp({ path: join(dir, 'signed.mp4') }, 'video/mp4', { output: join(dir, 'stamped.mp4') });
    expect(carried - before).toBe(2);
    const stamped = readFileSync(join(dir, 'stamped.mp4'));
    expect(result).toMatchObject({ mime: 'video/mp4', originalBytes: signed.byteLength, signedBytes: stamped.byteLength, assetHash: sha256(signed), signedAssetHash: sha256(stamped) });
    // Everything before the old manifest box is the file's own bytes.
    expect(Buffer.from(stamped.subarray(0, top[boxAt]!.offset)).equals(Buffer.from(signed.subarray(0, top[boxAt]!.offset)))).toBe(true);
    await expectTimestamped(stamped, 'video/mp4', 'assertion.bmffHash.match');
    // The engine's own verification through the pool, by path, agrees.
    expect((await pool.verify({ path: join(dir, 'stamped.mp4') }, 'video/mp4')).verification.status).toBe('verified');
  }, 30_000);

  it('refuses what it cannot timestamp, typed across the worker, and the authority’s failure as TimestampError', async () => {
    const unsigned = await makeImage('jpeg', 64, 48, 53);
    await expect(pool.addTimestamp(unsigned, 'image/jpeg')).rejects.toBeInstanceOf(NothingToTimestampError);
    writeFileSync(join(dir, 'plain.mp4'), makeBmff('mp4', 4096, 54));
    const onDisk = await pool.addTimestamp({ path: join(dir, 'plain.mp4') }, 'video/mp4', { output: join(dir, 'x.mp4') }).catch((error: unknown) => error);
    expect(onDisk).toBeInstanceOf(NothingToTimestampError);
    expect((onDisk as Error).message).toBe('The file cannot be timestamped: it carries no Content Credentials.');

    const once = await pool.addTimestamp((await sign(unsigned, 'image/jpeg', {}, { signer })).signedBytes, 'image/jpeg');
    const twice = await pool.addTimestamp(once.signedBytes, 'image/jpeg').catch((error: unknown) => error);
    expect(twice).toBeInstanceOf(NothingToTimestampError);
    expect((twice as Error).message).toMatch(/already carries a timestamp/);

    const plain = (await sign(unsigned, 'image/jpeg', {}, { signer })).signedBytes;
    const down = await refusing.addTimestamp(plain, 'image/jpeg').catch((error: unknown) => error);
    expect(down).toBeInstanceOf(TimestampError);
    expect((down as Error).message).toMatch(/time-stamping authority failed: connect ECONNREFUSED/);
    await expect(withoutAuthority.addTimestamp(plain, 'image/jpeg')).rejects.toThrow(TimestampError);
  }, 30_000);

  // c2pa-rs's own sample (signed by an earlier c2pa-rs): its box sits before the media, and its v2
  // hash leaves out no free box, so freeing the box in place would break the content's binding.
  it.skipIf(!hasCorpus)('refuses from disk, before asking the authority, a video whose binding a freed box would break', async () => {
    const before = carried;
    const refused = await pool.addTimestamp({ path: join(CORPUS_DIR, 'c2pa-rs/video1.mp4') }, 'video/mp4', { output: join(dir, 'video1.mp4') }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SigningError);
    expect((refused as Error).message).toMatch(/cannot be timestamped from disk: its Content Credentials sit before its media/);
    expect(carried).toBe(before);
    expect(existsSync(join(dir, 'video1.mp4'))).toBe(false);
  }, 30_000);
});
