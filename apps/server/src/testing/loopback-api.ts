// A test server's app listening on a loopback port, for tests that call the API over real HTTP:
// its /api/v1 address, and how to stop listening.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { TestServer } from './test-server.ts';

export interface LoopbackApi {
  /** http://127.0.0.1:PORT/api/v1 */
  base: string;
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Pick<TestServer, 'app'>): Promise<LoopbackApi> {
  let listening: ReturnType<typeof serve> | undefined;
  await new Promise<void>((ready) => {
    listening = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready());
  });
  const api = listening!;
  return {
    base: `http://127.0.0.1:${(api.address() as AddressInfo).port}/api/v1`,
    close: () => new Promise<void>((closed) => api.close(() => closed())),
  };
}
