// Property-based fuzzing of the safe fetcher's URL handling: odd schemes, IPv4 shorthands
// (0x7f.1, 2130706433, 0177.0.0.1), IPv6 forms carrying IPv4, percent-escapes, userinfo, huge
// ports, non-ASCII, and redirects to all of these. DNS is a fake answering only internal
// addresses (public IP literals are unreachable); the only servers are two on loopback, one allow-listed by port and one not. Property:
// the fetcher, in memory or streaming, resolves or throws a SafeFetchError, in bounded time, and
// never opens a connection anywhere but the allow-listed host:port. FUZZ_RUNS raises the run count (npm run fuzz).
import net from 'node:net';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SafeFetchError, type SafeFetchOptions } from './fetch-types.ts';
import { createSafeFetcher, createSafeStreamFetcher } from './safe-fetcher.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const FETCH_TIMEOUT_MS = 1_500;

/** What hostile DNS may answer for a name: only addresses the fetcher must not reach by default. */
const INTERNAL_ANSWERS = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
  { address: '10.0.0.1', family: 4 },
  { address: '169.254.169.254', family: 4 },
  { address: '0.0.0.0', family: 4 },
  { address: '::7f00:1', family: 6 },
  { address: '::ffff:127.0.0.1', family: 6 },
  { address: '::ffff:a00:1', family: 6 },
  { address: '64:ff9b::7f00:1', family: 6 },
  { address: '2002:7f00:1::1', family: 6 },
  { address: 'fe80::1', family: 6 },
  { address: 'not an address', family: 4 },
];

let allowedServer: Server;
let otherServer: Server;
let allowedPort: number;
let otherPort: number;
/** Every outgoing connection the process attempted while a fetch ran: the address it dialled and the port. */
const attempts: { address: string; port: number }[] = [];

function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((listening) => server.listen(0, '127.0.0.1', () => listening((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  // Answers, or redirects to the (fuzzed) URL in ?to=, which is then checked like the first.
  // Total over its inputs: a fuzzed redirect may arrive as a request target no URL parser takes
  // (`//`, say), and a test server that throws ends the whole run with an unhandled error.
  allowedServer = createServer((request, response) => {
    try {
      const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
      if (to !== null) return void response.writeHead(302, { location: to }).end();
    } catch {
      return void response.writeHead(400).end();
    }
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end('bytes');
  });
  otherServer = createServer((_request, response) => response.writeHead(200).end('should never be reached'));
  allowedPort = await listenOnLoopback(allowedServer);
  otherPort = await listenOnLoopback(otherServer);
  const connect = net.Socket.prototype.connect;
  vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    // net.createConnection (what http.request uses) passes its normalized [options, callback] pair.
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const options = (typeof first === 'object' && first !== null ? first : {}) as { host?: string; port?: number | string };
    const port = Number(options.port);
    // An IP literal is dialled directly; a name goes through the fetcher's pinned lookup first.
    if (options.host && net.isIP(options.host)) attempts.push({ address: options.host, port });
    else this.once('lookup', (_error: Error | null, address: string) => attempts.push({ address, port }));
    return (connect as (...connectArgs: unknown[]) => net.Socket).apply(this, args);
  });
});
afterAll(() => {
  vi.restoreAllMocks();
  for (const server of [allowedServer, otherServer]) {
    server.closeAllConnections();
    server.close();
  }
});

const hosts = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom('127.0.0.1', '0x7f.1', '2130706433', '0177.0.0.1', '127.1', '0x7f000001', '0', '10.0.0.1', '169.254.169.254', '0.0.0.0', '%31%32%37.0.0.1', '１２７.０.０.１', 'localhost', 'LOCALHOST.', 'metadata.google.internal', 'xn--nxasmq6b', 'ex%41mple.com'),
    fc.constantFrom('[::1]', '[::7f00:1]', '[::127.0.0.1]', '[::ffff:127.0.0.1]', '[0:0:0:0:0:ffff:7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '[fe80::1%25eth0]', '[::]', '[::ffff:a00:1]'),
    fc.ipV4(),
    fc.ipV4Extended(),
    fc.ipV6().map((address) => `[${address}]`),
    fc.domain(),
    fc.string({ maxLength: 20 }),
  );

const ports = (): fc.Arbitrary<string> =>
  fc.oneof(fc.constant(''), { arbitrary: fc.constant(`:${allowedPort}`), weight: 3 }, fc.constant(`:${otherPort}`), fc.integer({ min: 0, max: 70_000 }).map((port) => `:${port}`), fc.constantFrom(':99999999999', ':', ':0x50', ':-1'));

const urls = (): fc.Arbitrary<string> => {
  const structured = fc
    .record({
      scheme: fc.constantFrom('http', 'https', 'HTTP', 'ftp', 'file', 'javascript', 'data', 'gopher', 'ws', ''),
      slashes: fc.constantFrom('://', ':', ':///', ':\\\\', '://\t'),
      userinfo: fc.constantFrom('', 'user@', 'user:pass@', ':@', '%40@', '127.0.0.1@'),
      host: hosts(),
      port: ports(),
      path: fc.oneof(fc.constant('/asset'), fc.webPath(), fc.string({ maxLength: 30 })),
    })
    .map(({ scheme, slashes, userinfo, host, port, path }) => `${scheme}${slashes}${userinfo}${host}${port}${path}`);
  return fc.oneof(structured, fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }));
};

/** The fetch, or what it threw; a run that outlives the fetcher's own time limit by far is a hang. */
async function settle(promise: Promise<unknown>): Promise<{ error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<{ error: unknown }>((resolve) => {
    timer = setTimeout(() => resolve({ error: new Error('hang: the fetch neither resolved nor failed') }), FETCH_TIMEOUT_MS * 4);
  });
  try {
    return await Promise.race([promise.then(() => ({}), (error: unknown) => ({ error })), hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe('safe fetcher under fuzzed URLs', () => {
  it('sees the connections a fetch opens (the property below relies on it)', async () => {
    attempts.length = 0;
    const permissive = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024, timeoutMs: FETCH_TIMEOUT_MS, resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] });
    await permissive(`http://127.0.0.1:${allowedPort}/asset`);
    await permissive(`http://assets.example:${otherPort}/asset`);
    expect(attempts).toEqual([{ address: '127.0.0.1', port: allowedPort }, { address: '127.0.0.1', port: otherPort }]);
  });

  it('resolves or throws SafeFetchError, and connects only to the allow-listed host:port', { timeout: 20_000 + RUNS * 50 }, async () => {
    await fc.assert(
      fc.asyncProperty(urls(), fc.boolean(), fc.oneof(fc.constant('throw' as const), fc.constantFrom(...INTERNAL_ANSWERS).map((answer) => [answer]), fc.subarray(INTERNAL_ANSWERS)), fc.boolean(), async (url, viaRedirect, dnsAnswers, streaming) => {
        const options: SafeFetchOptions = {
          allowHosts: [`127.0.0.1:${allowedPort}`],
          maxBytes: 1024,
          timeoutMs: FETCH_TIMEOUT_MS,
          resolveHost: async (host) => {
            // A literal resolves to itself, as with real DNS (and Node dials it without a lookup);
            // public ones do not exist in this test's world, so nothing leaves the machine.
            if (net.isIP(host)) {
              if (ipaddr.process(host).range() === 'unicast') throw new Error('ENETUNREACH');
              return [{ address: host, family: net.isIP(host) }];
            }
            if (dnsAnswers === 'throw') throw new Error('ENOTFOUND');
            return dnsAnswers;
          },
        };
        const fetcher = streaming ? (target: string) => createSafeStreamFetcher(options)(target, { write: async () => undefined }) : createSafeFetcher(options);
        attempts.length = 0;
        const target = viaRedirect ? `http://127.0.0.1:${allowedPort}/redirect?to=${encodeURIComponent(url)}` : url;
        const { error } = await settle(fetcher(target));
        if (error !== undefined && !(error instanceof SafeFetchError)) throw error;
        for (const attempt of attempts) {
          expect(['127.0.0.1', '::ffff:127.0.0.1']).toContain(attempt.address);
          expect(attempt.port).toBe(allowedPort);
        }
      }),
      // Always tried, whatever the seed: a redirect to `//` once threw out of the test server's handler.
      { numRuns: RUNS, examples: [[`http://127.0.0.1:${allowedPort}//`, true, 'throw', false]] },
    );
  });
});
