// A loopback HTTP server handing out fixed files by path (404 for any other, or the error status the
// caller says for a path and its nth request), for tests and benches
// whose assets are fetched by URL through the safe fetcher (allowed to reach 127.0.0.1).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackFiles {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Requests answered so far, by path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A file, an error status to answer with instead, or nothing (404). */
export type LoopbackAnswer = { bytes: Uint8Array; type: string } | { status: number } | undefined;

export async function serveLoopbackFiles(files: (path: string, hit: number) => LoopbackAnswer): Promise<LoopbackFiles> {
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    const file = files(path, hit);
    if (!file || 'status' in file) {
      response.writeHead(file?.status ?? 404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    response.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.byteLength }).end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
