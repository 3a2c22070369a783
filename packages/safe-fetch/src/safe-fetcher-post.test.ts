import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetchError } from './fetch-types.ts';
import { createSafeFetcher } from './safe-fetcher.ts';

// POSTs (time-stamp queries) go through the same rules as GETs, send their body once and follow no redirect.
let server: Server;
let base: string;
const seen: { method: string; contentType: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', contentType: request.headers['content-type'], body: Buffer.concat(chunks).toString() });
      if (request.url === '/moved') return void response.writeHead(307, { location: '/tsa' }).end();
      response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from(`reply to ${Buffer.concat(chunks).toString()}`));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((closed) => server.close(() => closed())));

const post = { method: 'POST' as const, body: new TextEncoder().encode('query'), contentType: 'application/timestamp-query' };

describe('safe fetcher POST', () => {
  it('sends the body with its content type and returns the reply', async () => {
    const fetcher = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024, timeoutMs: 5000 });
    const answer = await fetcher(`${base}/tsa`, post);
    expect(answer.bytes.toString()).toBe('reply to query');
    expect(answer.contentType).toBe('application/timestamp-reply');
    expect(seen.at(-1)).toEqual({ method: 'POST', contentType: 'application/timestamp-query', body: 'query' });
  });

  it('follows no redirect with a body, and keeps the address rules', async () => {
    const fetcher = createSafeFetcher({ allowHosts: ['127.0.0.1'], maxBytes: 1024, timeoutMs: 5000 });
    const before = seen.length;
    await expect(fetcher(`${base}/moved`, post)).rejects.toThrow(/answered HTTP 307/);
    expect(seen.length).toBe(before + 1);
    const strict = createSafeFetcher({ allowHosts: [], maxBytes: 1024, timeoutMs: 5000 });
    await expect(strict(`${base}/tsa`, post)).rejects.toBeInstanceOf(SafeFetchError);
    expect(seen.length).toBe(before + 1);
  });
});
