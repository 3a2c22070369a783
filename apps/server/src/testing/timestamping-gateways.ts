// For the tests of timestamps added after signing: one installation's gateways over a shared
// database and asset store (files, or S3 through s3rver), with a real RFC 3161 authority (openssl ts
// on 127.0.0.1) that a test takes down and brings back, the API on loopback ports, and an engine
// whose TSA_URL is that authority. A gateway may also be one without an authority (signed before
// TSA_URL was set). Shared key vault: copies of one installation open its sealed PKI.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZSignContentResponse, ZSignedAssetList, type TSignContentResponse, type TSignedAsset } from '@provenance/contracts';
import { makeImage, startLocalTsa, type LocalTsa } from '@provenance/engine/testing';
import { createSafeFetcher, type SafeFetch } from '@provenance/safe-fetch';
import { expect } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { parseAssetStoreSetting } from '../services/assets/asset-store-setting.ts';
import { createFileAssetStore, type AssetStore } from '../services/assets/asset-store.ts';
import { openAssetStore } from '../services/assets/open-asset-store.ts';
import { createEngine, type Engine } from '../services/engine/engine.ts';
import { createKeyVault } from '../services/signing-identities/key-vault.ts';
import type { TimestampRetryPolicy } from '../services/timestamps/asset-timestamps.ts';
import { startLocalAssetServer, type LocalAssetServer } from './gateway-fixture.ts';
import { listenOnLoopback, type LoopbackApi } from './loopback-api.ts';
import { readAnswer } from './read-answer.ts';
import { startS3TestServer, type S3TestServer } from './s3-test-server.ts';
import { openTestDatabase } from './test-databases.ts';
import { createTestServer, type TestServer } from './test-server.ts';

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Seconds, not minutes: the tests wait for the retries they drive. */
export const QUICK_RETRY: TimestampRetryPolicy = { firstDelaySeconds: 1, maxDelaySeconds: 2, giveUpAfterSeconds: WEEK_MS / 1000, pollingIntervalSeconds: 0.5 };

const metadata = { creator: 'Ada Reporter', license: 'CC-BY-4.0', aiAssisted: false };

export interface TimestampingGateway {
  server: TestServer;
  call(method: string, route: string, token?: string, body?: unknown): Promise<Response>;
  /** An answer's link under this gateway's own address (links follow the test server's PUBLIC_URL). */
  local(url: string): string;
  listed(token: string, assetId: string): Promise<TSignedAsset>;
  bytesAt(url: string): Promise<{ bytes: Uint8Array; headers: Headers }>;
  /** Signs a fresh JPEG by URL; expects 201. */
  signPhoto(token: string, name: string): Promise<TSignContentResponse>;
  /** Signs these bytes by URL, as `mime`; expects 201. */
  signBytes(token: string, name: string, bytes: Uint8Array, mime: string): Promise<TSignContentResponse>;
}

export interface GatewayOptions {
  /** false: a gateway without TSA_URL (signed before an authority was set). */
  withAuthority?: boolean;
  /** The clock its timestamps' week is counted by. */
  clock?: () => Date;
  retry?: TimestampRetryPolicy;
  /** MAX_VIDEO_BYTES: videos past the 8 MB test bound are signed and timestamped from disk. */
  maxVideoBytes?: number;
  /** This copy's view of the shared asset store (a test may have it die part way through writing). */
  store?: (shared: AssetStore) => AssetStore;
}

export interface TimestampingInstallation {
  tsa: LocalTsa;
  engine: Engine;
  database: DbHandle;
  /** A gateway of the installation; `withAuthority: false`, one without TSA_URL; `clock`, the one its timestamps' week is counted by. */
  gateway(options?: GatewayOptions): Promise<TimestampingGateway>;
  close(): Promise<void>;
}

/** Polls `read` until `done` says so (20 s at most). */
export async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function openTimestampingInstallation(options: { store: 'files' | 's3' } = { store: 'files' }): Promise<TimestampingInstallation> {
  const database = await openTestDatabase('pglite');
  const tsa = await startLocalTsa();
  const assets: LocalAssetServer = await startLocalAssetServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-timestamping-'));
  // The authority through the safe fetcher, as TSA_URL is: loopback allowed for the tests only.
  const post: SafeFetch = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 3_000 });
  const engine = await createEngine({ pkiDir: path.join(dataDir, 'pki'), trustAnchorFiles: [], timestampAuthority: { url: tsa.url, post } });
  let s3: S3TestServer | null = null;
  let store: AssetStore;
  if (options.store === 's3') {
    s3 = await startS3TestServer();
    store = (await openAssetStore(parseAssetStoreSetting(s3.url), { dataDir, credentials: s3.credentials })).store;
  } else {
    store = createFileAssetStore(path.join(dataDir, 'assets'));
  }
  // One installation: its copies share the key-encryption key (KEY_ENCRYPTION_KEY) that seals its PKI in the database.
  const keyVault = createKeyVault(randomBytes(32));
  const opened: Array<{ server: TestServer; api: LoopbackApi }> = [];

  async function gateway(gatewayOptions: GatewayOptions = {}): Promise<TimestampingGateway> {
    const server = await createTestServer(database, {
      ...(gatewayOptions.maxVideoBytes && { config: { maxVideoBytes: gatewayOptions.maxVideoBytes } }),
      ...((gatewayOptions.withAuthority ?? true) && { engine }),
      store: gatewayOptions.store ? gatewayOptions.store(store) : store,
      keyVault,
      trust: { savedDir: null, lists: [], anchorFiles: [], tsaAnchorFiles: [tsa.rootPath], fetcher: post },
      timestamps: { retry: gatewayOptions.retry ?? QUICK_RETRY, ...(gatewayOptions.clock && { clock: gatewayOptions.clock }) },
    });
    await server.services.trustLists.load();
    const api = await listenOnLoopback(server);
    opened.push({ server, api });
    const call = (method: string, route: string, token?: string, body?: unknown) =>
      fetch(`${api.base}/${route}`, { method, headers: { ...(token && { authorization: `Bearer ${token}` }), ...(body !== undefined && { 'content-type': 'application/json' }) }, ...(body !== undefined && { body: JSON.stringify(body) }) });
    const signBytes = async (token: string, name: string, bytes: Uint8Array, mime: string) => {
      const response = await call('POST', 'sign-content', token, { assetUrl: assets.publish(`/timestamps/${name}`, bytes, mime), metadata });
      expect(response.status).toBe(201);
      return readAnswer(ZSignContentResponse, response);
    };
    const local = (url: string) => url.replace(/^https?:\/\/[^/]+\/api\/v1/, api.base);
    return {
      server,
      call,
      local,
      async listed(token, assetId) {
        const list = await readAnswer(ZSignedAssetList, await call('GET', 'assets', token));
        const asset = list.assets.find((candidate) => candidate.assetId === assetId);
        if (!asset) throw new Error(`asset ${assetId} not listed`);
        return asset;
      },
      async bytesAt(url) {
        const response = await fetch(local(url));
        expect(response.status).toBe(200);
        return { bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
      },
      signBytes,
      signPhoto: async (token, name) => signBytes(token, name, await makeImage('jpeg', 120, 90), 'image/jpeg'),
    };
  }

  return {
    tsa,
    engine,
    database,
    gateway,
    async close() {
      for (const { server, api } of opened) {
        await api.close();
        await server.close();
      }
      await engine.close();
      assets.close();
      await tsa.close();
      await s3?.close();
      await database.close();
    },
  };
}
