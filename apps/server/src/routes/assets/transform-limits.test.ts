// The limits of a transform, over real HTTP: a result of more pixels than a transform makes (a 100×1
// image resized to 8,000 high would be 800,000×8,000) is refused at once with a 400 naming the limit,
// and so is a result beyond what the encoder can write (AVIF, JPEG); a result within the limits is
// made; a title with NUL is refused before anything is written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { MAX_TRANSFORM_PIXELS, MAX_TRANSFORM_SIDE, ZSignContentResponse, ZSignedAssetList } from '@provenance/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { createGatewayTestServer } from '../../testing/gateway-fixture.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { nameTestOrganizationAt } from '../../testing/test-server.ts';
import { signUpOverHttp, signUpTokenFromOutbox } from '../../testing/sign-up-mail.ts';

interface ErrorAnswer {
  error: { code: string; message: string };
}

describe('the limits of POST /assets/{assetId}/transform', () => {
  let database: DbHandle;
  let close: () => Promise<void>;
  let listening: ServerType;
  let baseUrl: string;
  let dataDir: string;
  let token: string;
  const sources: Record<'sliver' | 'wide' | 'wider', string> = { sliver: '', wide: '', wider: '' };

  const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2d6a4f' } }).png().toBuffer();
  // The goal: a refusal answers within 3 s (it decodes nothing); work that makes an image gets longer.
  const api = (route: string, init: RequestInit = {}, withinMs = 3000) =>
    fetch(`${baseUrl}/api/v1/${route}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers }, signal: AbortSignal.timeout(withinMs) });
  const transform = (assetId: string, body: unknown, withinMs?: number) =>
    api(`assets/${assetId}/transform`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, withinMs);

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const gateway = await createGatewayTestServer(database);
    ({ close, dataDir } = gateway);
    await new Promise<void>((ready) => {
      listening = serve({ fetch: gateway.server.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        baseUrl = `http://127.0.0.1:${info.port}`;
        ready();
      });
    });
    token = (await signUpOverHttp(`${baseUrl}/api/v1`, 'limits@example.com', 'secret-123', (email) => signUpTokenFromOutbox(gateway.server.services.accountMail, email))).access_token;
    await nameTestOrganizationAt(`${baseUrl}/api/v1`, token);
    // 100×1; wider than AVIF writes (16,384); wider than JPEG writes (65,535).
    for (const [name, [width, height]] of Object.entries({ sliver: [100, 1], wide: [16_500, 8], wider: [70_000, 2] }) as [keyof typeof sources, [number, number]][]) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await png(width, height))], { type: 'image/png' }), `${name}.png`);
      form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
      const signed = await fetch(`${baseUrl}/api/v1/sign-content`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      expect(signed.status).toBe(201);
      sources[name] = ZSignContentResponse.parse(await signed.json()).assetId;
    }
  }, 30_000);
  afterAll(async () => {
    await new Promise((closed) => listening?.close(closed));
    await close?.();
    await database?.close();
  });

  it('refuses at once a resize whose result has more pixels than a transform makes, naming the limit', async () => {
    for (const resize of [{ height: 8000 }, { width: 8000, height: 8000, fit: 'outside' }]) {
      const response = await transform(sources.sliver, { resize });
      expect(response.status, JSON.stringify(resize)).toBe(400);
      const { error } = (await response.json()) as ErrorAnswer;
      expect(error.code).toBe('transform_too_large');
      expect(error.message).toContain('resize');
      expect(error.message).toContain('800000×8000');
      expect(error.message).toContain(`${MAX_TRANSFORM_SIDE} pixels a side`);
      expect(error.message).toContain(`${MAX_TRANSFORM_PIXELS / 1_000_000} megapixels`);
    }
  });

  it('makes a result within the limits', async () => {
    const response = await transform(sources.sliver, { resize: { height: 80 } }, 20_000);
    expect(response.status).toBe(201);
    const result = ZSignContentResponse.parse(await response.json());
    const file = await fetch(result.signedAssetUrl.replace(/^https?:\/\/[^/]+/, baseUrl), { signal: AbortSignal.timeout(20_000) });
    expect(await sharp(new Uint8Array(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width: 8000, height: 80 });
  });

  it('refuses with a 400 naming the field, not a 500, an image wider than AVIF or JPEG can hold', async () => {
    for (const [source, format] of [[sources.wide, 'avif'], [sources.wider, 'jpeg']] as const) {
      const response = await transform(source, { format });
      expect(response.status, format).toBe(400);
      const { error } = (await response.json()) as ErrorAnswer;
      expect(error.code).toBe('transform_too_large');
      expect(error.message).toContain('resize');
    }
    // Resized within the limits, the same image converts.
    expect((await transform(sources.wide, { format: 'avif', resize: { width: 2000 } }, 20_000)).status).toBe(201);
  });

  it('refuses a title with NUL as a 400 naming it, and writes nothing', async () => {
    const folders = async () => (await fs.readdir(path.join(dataDir, 'assets'), { recursive: true })).length;
    const before = { folders: await folders(), assets: ZSignedAssetList.parse(await (await api('assets')).json()).assets.length };
    const response = await transform(sources.sliver, { format: 'webp', title: 'harbour\u0000.webp' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorAnswer).error.message).toContain('title');
    expect(await folders()).toBe(before.folders);
    expect(ZSignedAssetList.parse(await (await api('assets')).json()).assets).toHaveLength(before.assets);
  });
});
