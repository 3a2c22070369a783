// The request-body guard through an app: a form whose file is exactly the asset limit passes, a body
// that stalls is cut with 408, and one the client aborts is a 400 logged as an ordinary request;
// through app.request (the Request's web stream) and over real HTTP (Node's request stream, as the
// server reads uploads).
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import { createErrorHandler } from '../http/error-handler.ts';
import { createInflightBytes } from '../http/inflight-bytes.ts';
import { createUploadReader, isFileBody } from '../http/upload-reader.ts';
import { createUploadSpool } from '../http/upload-spool.ts';
import { uploadBodyOf } from '../http/request-body.ts';
import { createLogger } from '../logging/logger.ts';
import { bodySizeLimit } from './body-size-limit.ts';
import { requestLog } from './request-log.ts';

const MAX_ASSET_BYTES = 256 * 1024;

function uploadApp(idleTimeoutMs = 5_000) {
  const logLines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logLines.push(line) });
  const uploads = createUploadReader({ budget: createInflightBytes(8 * 1024 * 1024), spool: createUploadSpool(mkdtempSync(path.join(tmpdir(), 'pg-body-guard-'))) });
  const app = new Hono();
  app.use('*', requestId());
  app.use('*', requestLog(logger));
  app.use('*', bodySizeLimit({ maxJsonBytes: 1024, maxAssetBytes: MAX_ASSET_BYTES, idleTimeoutMs }));
  app.post('/upload', async (c) => {
    const type = c.req.header('content-type') ?? '';
    const file = isFileBody(type) ? await uploads.readBody(uploadBodyOf(c), { maxFileBytes: MAX_ASSET_BYTES }) : (await uploads.readMultipart(uploadBodyOf(c), { fileField: 'file', maxFileBytes: MAX_ASSET_BYTES })).file;
    await file?.discard();
    return c.json({ bytes: file?.byteLength ?? 0 });
  });
  app.post('/json', async (c) => c.json(await c.req.json<unknown>()));
  app.onError(createErrorHandler(logger));
  return { app, logLines };
}

/** A body that sends `first` and then nothing more, or fails as a reset connection does. */
function stoppingBody(first: Uint8Array, then: 'stall' | 'abort'): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(first);
      } else if (then === 'abort') {
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      }
      // 'stall': the pull never settles, as a client that stopped sending.
      else return new Promise<void>(() => undefined);
    },
  });
}

const post = (app: Hono, route: string, body: RequestInit['body'], headers: Record<string, string>) => app.request(route, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('request body guard', () => {
  it('accepts a multipart form whose file is exactly the asset limit, with its Content-Length', async () => {
    const { app } = uploadApp();
    const form = new FormData();
    form.append('metadata', '{"creator":"Ada"}');
    form.append('file', new Blob([randomBytes(MAX_ASSET_BYTES)]), 'exact.bin');
    const request = new Request('http://x/upload', { method: 'POST', body: form });
    const body = new Uint8Array(await request.arrayBuffer());
    expect(body.byteLength).toBeGreaterThan(MAX_ASSET_BYTES);
    const response = await post(app, '/upload', body, { 'content-type': request.headers.get('content-type')!, 'content-length': String(body.byteLength) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ bytes: MAX_ASSET_BYTES });
  });

  it('still refuses a file body one byte over the limit with 413', async () => {
    const { app } = uploadApp();
    const response = await post(app, '/upload', new Uint8Array(MAX_ASSET_BYTES + 1), { 'content-type': 'image/png', 'content-length': String(MAX_ASSET_BYTES + 1) });
    expect(response.status).toBe(413);
  });

  it('cuts an upload and a JSON body that stall with 408', { timeout: 10_000 }, async () => {
    const { app } = uploadApp(100);
    const upload = await post(app, '/upload', stoppingBody(new Uint8Array(1000), 'stall'), { 'content-type': 'image/png' });
    expect(upload.status).toBe(408);
    expect(((await upload.json()) as { error: { code: string } }).error.code).toBe('request_timeout');
    const json = await post(app, '/json', stoppingBody(new TextEncoder().encode('{"a":'), 'stall'), { 'content-type': 'application/json' });
    expect(json.status).toBe(408);
  });

  it('answers a body the client aborted with 400, logged at info and never as an error', async () => {
    const { app, logLines } = uploadApp();
    for (const type of ['image/png', 'multipart/form-data; boundary=x']) {
      const response = await post(app, '/upload', stoppingBody(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc'), 'abort'), { 'content-type': type });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('body_aborted');
    }
    const levels = logLines.map((line) => (JSON.parse(line) as { level: string }).level);
    expect(levels).not.toContain('error');
    expect(levels.filter((level) => level === 'info')).toHaveLength(2);
  });
});

/** The app on 127.0.0.1, and a raw connection to it that writes what the test says when it says. */
async function listening(app: Hono) {
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    /** Sends the request head and `body`, then leaves the connection as `then` says; resolves with the answer's status line and body. */
    async send(head: string, body: Uint8Array, then: 'end' | 'stall' | 'abort'): Promise<{ status: number; text: string }> {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      const received: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.write(`${head}\r\n\r\n`);
      socket.write(body);
      if (then === 'abort') {
        socket.destroy();
        return { status: 0, text: '' };
      }
      await new Promise<void>((done) => {
        socket.on('data', () => {
          // Done once the whole answer (its Content-Length) is in.
          const text = Buffer.concat(received).toString('latin1');
          const length = /content-length: (\d+)/i.exec(text);
          const bodyStart = text.indexOf('\r\n\r\n');
          if (length && bodyStart !== -1 && text.length - bodyStart - 4 >= Number(length[1])) done();
        });
      });
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), text: text.slice(text.indexOf('\r\n\r\n') + 4) };
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

describe('request body guard over real HTTP (Node\'s request stream)', () => {
  it('reads a form whose file is exactly the asset limit, and a file body', async () => {
    const { app } = uploadApp();
    const http = await listening(app);
    try {
      const form = new FormData();
      form.append('file', new Blob([randomBytes(MAX_ASSET_BYTES)]), 'exact.bin');
      const request = new Request('http://x/upload', { method: 'POST', body: form });
      const body = new Uint8Array(await request.arrayBuffer());
      const formAnswer = await http.send(`POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: ${request.headers.get('content-type')}\r\ncontent-length: ${body.byteLength}`, body, 'end');
      expect(formAnswer).toMatchObject({ status: 200 });
      expect(JSON.parse(formAnswer.text)).toEqual({ bytes: MAX_ASSET_BYTES });
      const fileAnswer = await http.send(`POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: image/png\r\ncontent-length: 1000`, randomBytes(1000), 'end');
      expect(JSON.parse(fileAnswer.text)).toEqual({ bytes: 1000 });
    } finally {
      await http.close();
    }
  });

  it('refuses a chunked body that grows past the limit with 413', async () => {
    const { app } = uploadApp();
    const http = await listening(app);
    try {
      const chunk = randomBytes(64 * 1024);
      const chunked = Buffer.concat(Array.from({ length: MAX_ASSET_BYTES / chunk.byteLength + 1 }, () => Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])));
      const answer = await http.send('POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: image/png\r\ntransfer-encoding: chunked', chunked, 'stall');
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'payload_too_large' } });
    } finally {
      await http.close();
    }
  });

  it('answers an upload that stalls with 408', { timeout: 10_000 }, async () => {
    const { app } = uploadApp(100);
    const http = await listening(app);
    try {
      for (const type of ['image/png', 'multipart/form-data; boundary=x']) {
        const answer = await http.send(`POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: ${type}\r\ncontent-length: 100000`, new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc'), 'stall');
        expect(answer.status).toBe(408);
        expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'request_timeout' } });
      }
    } finally {
      await http.close();
    }
  });

  it('logs an upload the client cut off as a 400 at info, never as an error', async () => {
    const { app, logLines } = uploadApp();
    const http = await listening(app);
    try {
      for (const type of ['image/png', 'multipart/form-data; boundary=x']) {
        await http.send(`POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: ${type}\r\ncontent-length: 100000`, new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc'), 'abort');
      }
      await expect.poll(() => logLines.length).toBe(2);
      const lines = logLines.map((line) => JSON.parse(line) as { level: string; status: number });
      expect(lines.map((line) => [line.level, line.status])).toEqual([
        ['info', 400],
        ['info', 400],
      ]);
    } finally {
      await http.close();
    }
  });
});
