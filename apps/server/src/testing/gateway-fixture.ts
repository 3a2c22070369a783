// Test harness for signing and verification: a test server with an engine of its own (its own
// local PKI, on worker threads when asked), a file asset store in a temporary folder, the safe
// fetcher allowing 127.0.0.1 only, and a local asset server the tests publish files on.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DbHandle } from '../db/create-db.ts';
import { createFileAssetStore } from '../services/assets/asset-store.ts';
import type { Services } from '../services/create-services.ts';
import { createEngine } from '../services/engine/engine.ts';
import { createTestServer, TEST_MAX_ASSET_BYTES, type TestServer, type TestServerOptions } from './test-server.ts';

export { TEST_MAX_ASSET_BYTES };

export interface LocalAssetServer {
  /** Publishes bytes at a path and returns their URL. */
  publish(pathname: string, bytes: Uint8Array, contentType?: string): string;
  /** Every request received, in order: its path and the client's user agent. */
  readonly requests: { path: string; userAgent: string | undefined }[];
  close(): void;
}

export async function startLocalAssetServer(): Promise<LocalAssetServer> {
  const files = new Map<string, { bytes: Uint8Array; contentType: string }>();
  const requests: LocalAssetServer['requests'] = [];
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    requests.push({ path: pathname, userAgent: request.headers['user-agent'] });
    const file = files.get(pathname);
    if (!file) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.byteLength }).end(file.bytes);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    publish(pathname, bytes, contentType = 'application/octet-stream') {
      files.set(pathname, { bytes, contentType });
      return `${base}${pathname}`;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

export async function createGatewayTestServer(
  database: DbHandle,
  options: {
    trustAnchorFiles?: string[];
    clock?: () => Date;
    workers?: number;
    maxQueue?: number;
    /** The c2pa-wasm memory past which an engine worker is replaced. */
    maxWorkerMemoryBytes?: number;
    publicLimits?: TestServerOptions['publicLimits'];
    verifyCacheEntries?: number;
    /** The safe fetcher (asset URLs, remote signers); without it, the test fetcher (5 s). */
    fetcher?: TestServerOptions['fetcher'];
  } = {},
): Promise<{ server: TestServer; gateway: Services; dataDir: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pg-gateway-'));
  const engine = await createEngine({
    pkiDir: path.join(dataDir, 'pki'),
    trustAnchorFiles: options.trustAnchorFiles ?? [],
    ...(options.workers !== undefined && { workers: options.workers }),
    ...(options.maxQueue !== undefined && { maxQueue: options.maxQueue }),
    ...(options.maxWorkerMemoryBytes !== undefined && { maxWorkerMemoryBytes: options.maxWorkerMemoryBytes }),
  });
  const server = await createTestServer(database, {
    engine,
    store: createFileAssetStore(path.join(dataDir, 'assets')),
    config: { maxAssetBytes: TEST_MAX_ASSET_BYTES },
    ...(options.clock && { clock: options.clock }),
    ...(options.publicLimits && { publicLimits: options.publicLimits }),
    ...(options.verifyCacheEntries !== undefined && { verifyCacheEntries: options.verifyCacheEntries }),
    ...(options.fetcher && { fetcher: options.fetcher }),
  });
  return {
    server,
    // The signing and verification services, under the name these suites have always used.
    gateway: server.services,
    dataDir,
    close: async () => {
      await engine.close();
      await server.services.flush();
    },
  };
}

/** A multipart request through the app, as a browser form upload would send it. */
export function uploadRequest(server: TestServer, path: string, fields: Record<string, string | Blob>, token?: string, file?: { name: string }): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, file?.name ?? 'upload.bin');
    else form.append(name, value);
  }
  return Promise.resolve(server.app.request(`/api/v1/${path}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} }));
}
