import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAddress } from './address-policy.ts';
import { SafeFetchError, type SafeFetchOptions } from './fetch-types.ts';
import { createSafeFetcher } from './safe-fetcher.ts';

let server: Server;
let base: string;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request.url ?? '');
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/asset') return void response.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from('hello bytes'));
    if (url.pathname === '/to-metadata') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url.pathname === '/redirect-to') return void response.writeHead(302, { location: url.searchParams.get('location') ?? '/' }).end();
    if (url.pathname === '/loop') {
      const hop = Number(url.searchParams.get('hop') ?? 0);
      return void response.writeHead(302, { location: `/loop?hop=${hop + 1}` }).end();
    }
    if (url.pathname === '/hop') {
      const left = Number(url.searchParams.get('left'));
      return void response.writeHead(301, { location: left > 0 ? `/hop?left=${left - 1}` : '/asset' }).end();
    }
    if (url.pathname === '/slow') {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write('a');
      return; // never ends
    }
    if (url.pathname === '/declared-huge') return void response.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end();
    if (url.pathname === '/streamed-huge') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 64 * 1024 * 1024) {
          sent += chunk.byteLength;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      return pump();
    }
    if (url.pathname === '/validated') {
      const validators = { etag: '"v1"', 'last-modified': 'Wed, 25 Nov 2026 10:00:00 GMT' };
      if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304, validators).end();
      return void response.writeHead(200, { ...validators, 'content-type': 'image/png' }).end(Buffer.from('picture'));
    }
    if (url.pathname === '/to-validated') return void response.writeHead(302, { location: '/validated' }).end();
    if (url.pathname === '/missing') return void response.writeHead(404).end();
    response.writeHead(500).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A loopback port nothing listens on: bound, then released. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((listening) => probe.listen(0, '127.0.0.1', listening));
  const { port } = probe.address() as AddressInfo;
  await new Promise((closed) => probe.close(closed));
  return port;
}

const allowLocal: SafeFetchOptions = { allowHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 2_000 };

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

describe('address policy', () => {
  const forbidden: [string, RegExp][] = [
    ['127.0.0.1', /loopback/],
    ['::1', /loopback/],
    ['10.1.2.3', /private/],
    ['172.16.0.5', /private/],
    ['192.168.1.1', /private/],
    ['169.254.169.254', /link-local/],
    ['fe80::1', /link-local/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['224.0.0.251', /multicast/],
    ['ff02::1', /multicast/],
    ['fd12:3456::1', /unique-local/],
    ['::ffff:10.0.0.1', /private/],
    ['::ffff:127.0.0.1', /loopback/],
    ['0.0.0.0', /unspecified/],
    // IPv4-compatible IPv6 (::a.b.c.d) is refused whatever it carries: ipaddr.js calls it unicast.
    ['::7f00:1', /IPv4-compatible/],
    ['::a00:5', /IPv4-compatible/],
    ['::808:808', /IPv4-compatible/],
  ];
  for (const [address, rule] of forbidden) {
    it(`refuses ${address}`, () => {
      const verdict = checkAddress(address, new Set());
      expect(verdict.allowed).toBe(false);
      expect(verdict.allowed ? '' : verdict.rule).toMatch(rule);
    });
  }
  it('allows public unicast addresses, and an inward address only when allow-listed', () => {
    expect(checkAddress('93.184.216.34', new Set()).allowed).toBe(true);
    expect(checkAddress('2606:4700::1111', new Set()).allowed).toBe(true);
    expect(checkAddress('127.0.0.1', new Set(['127.0.0.1'])).allowed).toBe(true);
  });
});

describe('safe fetcher', () => {
  it('fetches an allow-listed local asset', async () => {
    const fetched = await createSafeFetcher(allowLocal)(`${base}/asset`);
    expect(fetched.bytes.toString()).toBe('hello bytes');
    expect(fetched.contentType).toBe('image/jpeg');
  });

  it('hands back ETag and Last-Modified, and a conditional GET (redirects followed) of an unchanged resource is its 304', async () => {
    const fetcher = createSafeFetcher(allowLocal);
    const fetched = await fetcher(`${base}/validated`);
    expect(fetched).toMatchObject({ etag: '"v1"', lastModified: 'Wed, 25 Nov 2026 10:00:00 GMT' });
    const unchanged = await refusal(fetcher(`${base}/to-validated`, { method: 'GET', ifNoneMatch: '"v1"' }));
    expect(unchanged).toMatchObject({ reason: 'status', remoteStatus: 304 });
    expect((await fetcher(`${base}/validated`, { method: 'GET', ifNoneMatch: '"v0"' })).bytes.toString()).toBe('picture');
  });

  it('refuses loopback by default, by address and by name', async () => {
    const fetcher = createSafeFetcher({ ...allowLocal, allowHosts: [] });
    const byAddress = await refusal(fetcher(`${base}/asset`));
    expect(byAddress).toMatchObject({ reason: 'address', status: 403 });
    expect(byAddress.message).toMatch(/loopback addresses are never fetched/);
    expect(await refusal(fetcher('http://localhost:1/asset'))).toMatchObject({ reason: 'address', status: 403 });
    expect(await refusal(fetcher('http://[::ffff:7f00:1]/asset'))).toMatchObject({ reason: 'address' });
  });

  it('refuses an IPv4-compatible IPv6 literal carrying a loopback address', async () => {
    const fetcher = createSafeFetcher({ ...allowLocal, allowHosts: [] });
    for (const url of ['http://[::7f00:1]/asset', 'http://[::127.0.0.1]/asset', 'http://[0:0:0:0:0:0:7f00:1]:80/asset']) {
      const error = await refusal(fetcher(url));
      expect(error).toMatchObject({ reason: 'address', status: 403 });
    }
  });

  it('refuses a public-looking name that resolves to an internal address', async () => {
    const fetcher = createSafeFetcher({ ...allowLocal, allowHosts: [], resolveHost: async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }] });
    const error = await refusal(fetcher('https://assets.example.com/photo.jpg'));
    expect(error).toMatchObject({ reason: 'address', status: 403 });
    expect(error.message).toBe('Refused to fetch the URL: private network addresses are never fetched');
  });

  it('names neither the internal address nor the internal name a redirect pointed at', async () => {
    const resolveHost = async (host: string) => [{ address: host === 'metadata.corp.internal' ? '169.254.169.254' : '127.0.0.1', family: 4 }];
    const fetcher = createSafeFetcher({ ...allowLocal, allowHosts: ['public.example'], resolveHost });
    const port = new URL(base).port;
    const redirected = await refusal(fetcher(`http://public.example:${port}/redirect-to?location=${encodeURIComponent('http://metadata.corp.internal/latest/')}`));
    expect(redirected).toMatchObject({ reason: 'address', status: 403 });
    expect(redirected.message).toBe('Refused to fetch the URL: link-local addresses (including cloud metadata services) are never fetched');
    const unresolvable = createSafeFetcher({ ...allowLocal, allowHosts: ['public.example'], resolveHost: async (host) => (host === 'public.example' ? [{ address: '127.0.0.1', family: 4 }] : []) });
    const lost = await refusal(unresolvable(`http://public.example:${port}/redirect-to?location=${encodeURIComponent('http://db.corp.internal/')}`));
    expect(lost).toMatchObject({ reason: 'network', status: 422 });
    expect(lost.message).not.toContain('corp.internal');
  });

  it('keeps network errors generic: no address, no port, no socket error code', async () => {
    const closedPort = await freePort();
    const error = await refusal(createSafeFetcher(allowLocal)(`http://127.0.0.1:${closedPort}/asset`));
    expect(error).toMatchObject({ reason: 'network', status: 422 });
    expect(error.message).toBe('The asset server could not be reached');
  });

  it('allow-lists host:port entries for that port only', async () => {
    const port = Number(new URL(base).port);
    const closedPort = await freePort();
    const byAddress = createSafeFetcher({ ...allowLocal, allowHosts: [`127.0.0.1:${port}`] });
    expect((await byAddress(`${base}/asset`)).bytes.toString()).toBe('hello bytes');
    expect(await refusal(byAddress(`http://127.0.0.1:${closedPort}/asset`))).toMatchObject({ reason: 'address', status: 403 });
    const byName = createSafeFetcher({ ...allowLocal, allowHosts: [`assets.local:${port}`], resolveHost: async () => [{ address: '127.0.0.1', family: 4 }] });
    expect((await byName(`http://assets.local:${port}/asset`)).bytes.toString()).toBe('hello bytes');
    expect(await refusal(byName(`http://assets.local:${closedPort}/asset`))).toMatchObject({ reason: 'address', status: 403 });
    expect(await refusal(byName('http://assets.local/asset'))).toMatchObject({ reason: 'address', status: 403 });
  });

  it('refuses non-http schemes', async () => {
    const fetcher = createSafeFetcher(allowLocal);
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.jpg', 'gopher://example.com/', 'data:image/png;base64,AAAA']) {
      const error = await refusal(fetcher(url));
      expect(error).toMatchObject({ reason: 'scheme', status: 400 });
      expect(error.message).toMatch(/Only http and https/);
    }
  });

  it('checks every redirect again', async () => {
    const error = await refusal(createSafeFetcher(allowLocal)(`${base}/to-metadata`));
    expect(error).toMatchObject({ reason: 'address', status: 403 });
    expect(error.message).toMatch(/link-local/);
  });

  it('refuses a redirect to a URL that does not parse with a SafeFetchError', async () => {
    const error = await refusal(createSafeFetcher(allowLocal)(`${base}/redirect-to?location=${encodeURIComponent('file://[::0]:80/asset')}`));
    expect(error).toMatchObject({ reason: 'url', status: 422, message: 'The asset server redirected to an invalid URL' });
  });

  it('follows up to 5 redirects and refuses more', async () => {
    const fetcher = createSafeFetcher(allowLocal);
    expect((await fetcher(`${base}/hop?left=4`)).bytes.toString()).toBe('hello bytes');
    const error = await refusal(fetcher(`${base}/loop`));
    expect(error).toMatchObject({ reason: 'redirects', status: 400 });
    expect(error.message).toBe('More than 5 redirects');
  });

  it('cuts a slow response at the time limit', async () => {
    const started = performance.now();
    const error = await refusal(createSafeFetcher({ ...allowLocal, timeoutMs: 300 })(`${base}/slow`));
    expect(error).toMatchObject({ reason: 'timeout', status: 422 });
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses bodies over the size limit, declared or streamed, without reading them whole', async () => {
    const fetcher = createSafeFetcher(allowLocal);
    expect(await refusal(fetcher(`${base}/declared-huge`))).toMatchObject({ reason: 'too_large', status: 413 });
    const before = process.memoryUsage().rss;
    expect(await refusal(fetcher(`${base}/streamed-huge`))).toMatchObject({ reason: 'too_large', status: 413 });
    // 64 MB were on offer; the fetcher stopped after 1 MB.
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('reports an error status from the asset server', async () => {
    expect(await refusal(createSafeFetcher(allowLocal)(`${base}/missing`))).toMatchObject({ reason: 'status', status: 422 });
  });
});
