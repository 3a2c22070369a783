// The streaming mode of the safe fetcher, against a loopback HTTP server: the body reaches the sink
// as it arrives with its SHA-256, under the same address and redirect rules as the in-memory mode; its
// limit is chosen from its first bytes; a body cut short, a silent server and a failing sink each end
// the fetch with their own error.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeFetchError, type SafeStreamFetchOptions, type StreamSink } from './fetch-types.ts';
import { createSafeStreamFetcher } from './safe-fetcher.ts';

const KB = 1024;
const MB = 1024 * KB;
let server: Server;
let base: string;

/** A deterministic body of `size` bytes starting with `head`. */
function bodyOf(size: number, head = ''): Buffer {
  const body = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) body[index] = (index * 31 + 7) & 0xff;
  body.write(head, 0, 'latin1');
  return body;
}

const VIDEO = bodyOf(3 * MB, '\0\0\0\x18ftypisom');
const OTHER = bodyOf(3 * MB, 'GIF89a');

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/video') return void response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(VIDEO.byteLength) }).end(VIDEO);
    if (url.pathname === '/other-chunked') {
      response.writeHead(200, { 'content-type': 'image/gif' });
      for (let offset = 0; offset < OTHER.byteLength; offset += 256 * KB) response.write(OTHER.subarray(offset, offset + 256 * KB));
      return void response.end();
    }
    if (url.pathname === '/tiny') return void response.writeHead(200).end('tiny');
    if (url.pathname === '/to-video') return void response.writeHead(302, { location: '/video' }).end();
    if (url.pathname === '/to-metadata') return void response.writeHead(302, { location: 'http://169.254.169.254/latest/' }).end();
    if (url.pathname === '/declared-huge') return void response.writeHead(200, { 'content-length': String(500 * MB) }).end();
    if (url.pathname === '/cut-declared' || url.pathname === '/cut-chunked') {
      // Half the body, then the connection is dropped.
      response.writeHead(200, url.pathname === '/cut-declared' ? { 'content-length': String(VIDEO.byteLength) } : {});
      response.write(VIDEO.subarray(0, VIDEO.byteLength / 2), () => setTimeout(() => response.socket?.destroy(), 50));
      return;
    }
    if (url.pathname === '/stalls') {
      response.writeHead(200, { 'content-length': String(VIDEO.byteLength) });
      response.write(VIDEO.subarray(0, 64 * KB));
      return; // then nothing
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const options: SafeStreamFetchOptions = { allowHosts: ['127.0.0.1'], maxBytes: 8 * MB, timeoutMs: 10_000, idleTimeoutMs: 2_000 };

/** A sink gathering what it is given, with a 4 MB limit for "video" (an ftyp box) and 1 MB otherwise. */
function gatheringSink(): StreamSink & { chunks: Buffer[]; heads: Uint8Array[] } {
  const chunks: Buffer[] = [];
  const heads: Uint8Array[] = [];
  return {
    chunks,
    heads,
    async write(chunk) {
      chunks.push(Buffer.from(chunk));
    },
    limitFor(head) {
      heads.push(head);
      return Buffer.from(head.subarray(4, 8)).toString('latin1') === 'ftyp' ? 4 * MB : 1 * MB;
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const gathered = (sink: { chunks: Buffer[] }) => Buffer.concat(sink.chunks);

describe('safe stream fetcher', () => {
  it('writes the body to the sink as it arrives, with its SHA-256, after the sink chose the limit from 64 kB of head', async () => {
    const sink = gatheringSink();
    const streamed = await createSafeStreamFetcher(options)(`${base}/to-video`, sink);
    expect(streamed).toMatchObject({ byteLength: VIDEO.byteLength, sha256: sha256(VIDEO), status: 200, finalUrl: `${base}/video`, contentType: 'text/plain' });
    expect(gathered(sink).equals(VIDEO)).toBe(true);
    expect(sink.heads).toHaveLength(1);
    expect(sink.heads[0]!.byteLength).toBe(64 * KB);
    expect(sink.chunks.length).toBeGreaterThan(1);
  });

  it('gives a body shorter than the head to the sink whole', async () => {
    const sink = gatheringSink();
    const streamed = await createSafeStreamFetcher(options)(`${base}/tiny`, sink);
    expect(streamed.byteLength).toBe(4);
    expect(Buffer.from(sink.heads[0]!).toString()).toBe('tiny');
    expect(gathered(sink).toString()).toBe('tiny');
  });

  it('stops a body at the limit its head was given, declared or not', async () => {
    const sink = gatheringSink();
    const error = await refusal(createSafeStreamFetcher(options)(`${base}/other-chunked`, sink));
    expect(error).toMatchObject({ reason: 'too_large', status: 413, message: `The asset is over the limit of ${MB} bytes` });
    expect(gathered(sink).byteLength).toBeLessThanOrEqual(MB);
    const declared = await refusal(createSafeStreamFetcher({ ...options, maxBytes: 2 * MB })(`${base}/video`, gatheringSink()));
    expect(declared).toMatchObject({ reason: 'too_large', status: 413, message: `The asset is ${VIDEO.byteLength} bytes, over the limit of ${2 * MB} bytes` });
  });

  it('refuses a declared length over maxBytes before writing anything', async () => {
    const sink = gatheringSink();
    expect(await refusal(createSafeStreamFetcher(options)(`${base}/declared-huge`, sink))).toMatchObject({ reason: 'too_large', status: 413 });
    expect(sink.chunks).toHaveLength(0);
    expect(sink.heads).toHaveLength(0);
  });

  it('applies the address rules to the URL and to every redirect before any byte is written', async () => {
    const sink = gatheringSink();
    expect(await refusal(createSafeStreamFetcher({ ...options, allowHosts: [] })(`${base}/video`, sink))).toMatchObject({ reason: 'address', status: 403 });
    const redirected = await refusal(createSafeStreamFetcher(options)(`${base}/to-metadata`, sink));
    expect(redirected).toMatchObject({ reason: 'address', status: 403 });
    expect(redirected.message).toMatch(/link-local/);
    expect(sink.chunks).toHaveLength(0);
  });

  it('says a body cut short arrived incomplete, with a length declared or chunked', async () => {
    const declared = await refusal(createSafeStreamFetcher(options)(`${base}/cut-declared`, gatheringSink()));
    expect(declared).toMatchObject({ reason: 'incomplete', status: 422 });
    expect(declared.message).toMatch(new RegExp(`closed the connection before the whole asset arrived \\(\\d+ bytes of ${VIDEO.byteLength}\\)`));
    const chunked = await refusal(createSafeStreamFetcher(options)(`${base}/cut-chunked`, gatheringSink()));
    expect(chunked).toMatchObject({ reason: 'incomplete', status: 422 });
  });

  it('cuts a server that stops sending at the idle limit, and one too slow overall at the total limit', async () => {
    const idle = await refusal(createSafeStreamFetcher({ ...options, idleTimeoutMs: 300 })(`${base}/stalls`, gatheringSink()));
    expect(idle).toMatchObject({ reason: 'timeout', status: 422, message: 'The asset server sent nothing for 0.3 s' });
    const total = await refusal(createSafeStreamFetcher({ ...options, timeoutMs: 300 })(`${base}/stalls`, gatheringSink()));
    expect(total).toMatchObject({ reason: 'timeout', status: 422, message: 'The asset did not finish downloading within 0.3 s, the limit on a whole download' });
  });

  it("passes the sink's own failure through as it is, not as a network error", async () => {
    const diskFull = new Error('ENOSPC: no space left on device');
    const failing: StreamSink = {
      write: async () => {
        throw diskFull;
      },
    };
    await expect(createSafeStreamFetcher(options)(`${base}/video`, failing)).rejects.toBe(diskFull);
  });
});
