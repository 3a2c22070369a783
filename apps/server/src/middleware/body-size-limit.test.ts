// The request-body guard through an app: a form whose file is exactly the asset limit passes, a body
// that stalls is cut with 408, and one the client aborts is a 400 logged as an ordinary request.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import { createErrorHandler } from '../http/error-handler.ts';
import { createInflightBytes } from '../http/inflight-bytes.ts';
import { createUploadReader, isFileBody } from '../http/upload-reader.ts';
import { createUploadSpool } from '../http/upload-spool.ts';
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
    const file = isFileBody(type) ? await uploads.readBody(c.req.raw, { maxFileBytes: MAX_ASSET_BYTES }) : (await uploads.readMultipart(c.req.raw, { fileField: 'file', maxFileBytes: MAX_ASSET_BYTES })).file;
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
