// The gateway engine's addTimestamp, which the server's timestamp flow calls: a photo in memory and
// a video on disk (written into another file) signed without a timestamp get one from a real RFC
// 3161 authority on 127.0.0.1 through the safe fetcher; what cannot be timestamped is a 409-kind
// DomainError with the engine's sentence, and an authority that cannot be reached the 502 a signing
// answers.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeBmff, makeImage, startLocalTsa, type LocalTsa } from '@provenance/engine/testing';
import { createSafeFetcher } from '@provenance/safe-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import { createEngine } from './engine.ts';
import { closedPort } from '../../testing/closed-port.ts';

type Engine = Awaited<ReturnType<typeof createEngine>>;


describe('Engine.addTimestamp', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-gateway-timestamp-'));
  const post = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 5_000 });
  let tsa: LocalTsa;
  // The same PKI: one engine signs without an authority (as before TSA_URL was set), one adds timestamps, one's authority is down.
  let unstamped: Engine;
  let stamping: Engine;
  let down: Engine;
  beforeAll(async () => {
    tsa = await startLocalTsa();
    const pkiDir = path.join(dir, 'pki');
    unstamped = await createEngine({ pkiDir, trustAnchorFiles: [], bundledTrustLists: false });
    stamping = await createEngine({ pkiDir, trustAnchorFiles: [tsa.rootPath], bundledTrustLists: false, timestampAuthority: { url: tsa.url, post } });
    down = await createEngine({ pkiDir, trustAnchorFiles: [], bundledTrustLists: false, timestampAuthority: { url: `http://127.0.0.1:${await closedPort()}/tsa`, post } });
  }, 30_000);
  afterAll(async () => {
    await Promise.all([unstamped?.close(), stamping?.close(), down?.close()]);
    await tsa?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('timestamps a photo in memory and a video on disk signed without one', async () => {
    const photo = await unstamped.sign(await makeImage('jpeg', 96, 64, 71), 'image/jpeg', {});
    const before = tsa.requests;
    const stamped = await stamping.addTimestamp(photo.signedBytes, 'image/jpeg');
    expect(tsa.requests - before).toBe(2);
    expect(stamped.timestampedManifest).toBe(photo.manifestId);
    const report = await stamping.verify(stamped.signedBytes, 'image/jpeg');
    expect(report.verification.status).toBe('verified');
    expect(report.report.timestamp).toMatchObject({ authority: 'Test Time-Stamping Authority' });

    writeFileSync(path.join(dir, 'clip.mp4'), makeBmff('mp4', 128 * 1024, 72));
    const video = await unstamped.sign({ path: path.join(dir, 'clip.mp4') }, 'video/mp4', {}, { output: path.join(dir, 'signed.mp4') });
    const onDisk = await stamping.addTimestamp({ path: path.join(dir, 'signed.mp4') }, 'video/mp4', { output: path.join(dir, 'stamped.mp4') });
    expect(onDisk).toMatchObject({ timestampedManifest: video.manifestId, originalBytes: video.signedBytes, assetHash: video.signedAssetHash });
    const videoReport = await stamping.verify({ path: path.join(dir, 'stamped.mp4') }, 'video/mp4');
    expect(videoReport.verification.status).toBe('verified');
    expect(videoReport.report.manifestId).toBe(onDisk.manifestId);
  }, 30_000);

  it('refuses with the engine’s sentence what has nothing to timestamp, and answers 502 when the authority is down', async () => {
    const photo = await unstamped.sign(await makeImage('jpeg', 64, 48, 73), 'image/jpeg', {});
    const once = await stamping.addTimestamp(photo.signedBytes, 'image/jpeg');
    const twice = await stamping.addTimestamp(once.signedBytes, 'image/jpeg').catch((error: unknown) => error);
    expect(twice).toBeInstanceOf(DomainError);
    expect(twice).toMatchObject({ kind: 'conflict', code: 'nothing_to_timestamp', message: 'The file cannot be timestamped: its signature already carries a timestamp.' });
    const unsigned = await stamping.addTimestamp(await makeImage('jpeg', 64, 48, 74), 'image/jpeg').catch((error: unknown) => error);
    expect(unsigned).toMatchObject({ kind: 'conflict', code: 'nothing_to_timestamp', message: 'The file cannot be timestamped: it carries no Content Credentials.' });

    const failed = await down.addTimestamp(photo.signedBytes, 'image/jpeg').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DomainError);
    expect(failed).toMatchObject({ kind: 'bad_gateway', code: 'timestamp_failed' });
    expect((failed as Error).message).toMatch(/time-stamping authority failed: it could not be reached/);
  }, 30_000);
});
