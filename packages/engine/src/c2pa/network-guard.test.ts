import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnginePool, createPemSigner, createTrustStore, ensureLocalPki, sign, verify, type ClaimSigner, type EnginePool, type TrustStore } from '../index.ts';
import { makeImage } from '../testing/make-assets.ts';

// A loopback server standing for any host the asset names; every request it receives is one the
// engine must never have made.
let server: Server;
let base: string;
const received: string[] = [];
let signer: ClaimSigner;
let trust: TrustStore;
let pool: EnginePool;

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url ?? '');
    response.writeHead(302, { location: 'http://127.0.0.1:9/internal' }).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-guard-')), 'pki'));
  signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  trust = createTrustStore([pki.rootCertificatePem]);
  pool = await createEnginePool({ workers: 1, signer: null, trustAnchorPems: [pki.rootCertificatePem] });
});
afterAll(async () => {
  await pool.close();
  server.closeAllConnections();
  server.close();
});

/** A JPEG whose manifest lives at `url` (XMP dcterms:provenance), and that manifest's bytes. */
async function remoteAsset(url: string) {
  const result = await sign(await makeImage('jpeg'), 'image/jpeg', { creator: 'Ada Reporter', aiAssisted: false }, { signer, remoteManifestUrl: url });
  return { bytes: result.signedBytes, manifest: result.manifestStore, manifestId: result.manifestId };
}

describe('the engine never touches the network', () => {
  it('in a worker: a remote manifest the caller did not fetch is refused, not requested', async () => {
    const asset = await remoteAsset(`${base}/x/../m.c2pa`);
    const before = received.length;
    // Served under another URL: c2pa-rs's request for the asset's own URL finds nothing to answer it.
    const refusal = await pool.verify(asset.bytes, 'image/jpeg', { remoteManifest: { url: `${base}/other.c2pa`, bytes: asset.manifest } }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'remote_manifest' });
    expect(received.slice(before)).toEqual([]);
  });

  it('in a worker: the manifest the caller fetched answers the canonical request, whatever form the asset names it in', async () => {
    const asset = await remoteAsset(`${base.replace('http:', 'HTTP:')}/x/../m.c2pa#fragment`);
    const first = await pool.verify(asset.bytes, 'image/jpeg').catch((error: unknown) => error);
    expect(first).toMatchObject({ code: 'remote_manifest' });
    const url = (first as { url: string }).url;
    const before = received.length;
    const report = await pool.verify(asset.bytes, 'image/jpeg', { remoteManifest: { url, bytes: asset.manifest } });
    expect(report.report.manifestId).toBe(asset.manifestId);
    expect(report.verification.status).toBe('verified');
    expect(received.slice(before)).toEqual([]);
  });

  it('on a shared thread: c2pa-wasm’s requests are refused while other code’s fetches pass', async () => {
    const asset = await remoteAsset(`${base}/m.c2pa`);
    const before = received.length;
    const refusal = await verify(asset.bytes, 'image/jpeg', { trust, remoteManifest: { url: `${base}/elsewhere.c2pa`, bytes: asset.manifest } }).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: 'remote_manifest' });
    expect(received.slice(before)).toEqual([]);
    // The guard is installed on this thread now; a fetch that is not c2pa-wasm's still works.
    const own = await fetch(`${base}/own`, { redirect: 'manual' });
    expect(own.status).toBe(302);
    expect(received.slice(before)).toEqual(['/own']);
  });
});
