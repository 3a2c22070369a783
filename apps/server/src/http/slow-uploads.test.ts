// Slow uploads do not shut other clients out, over real HTTP: bodies that declare 8 MiB and then send
// a byte now and then (under the idle limit) hold only what they sent of the server's upload memory,
// so while 40 of them trickle from 5 addresses another client's verify and sign uploads are answered;
// and one account's uploads to POST /sign-content count against its own share, as verification's do.
import { makeImage } from '@provenance/engine/testing';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { DEFAULT_PUBLIC_LIMITS } from '../services/rate-limits/public-limits.ts';
import { createGatewayTestServer } from '../testing/gateway-fixture.ts';
import { openRawUpload, type RawUpload } from '../testing/raw-upload.ts';
import { openTestDatabase } from '../testing/test-databases.ts';
import { signUpAccount, type TestServer } from '../testing/test-server.ts';

const DECLARED = 8 * 1024 * 1024;
const BOUNDARY = 'trickle-boundary';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The answer's head, or null when none came within `ms` (a request still being read). */
const answerWithin = (upload: RawUpload, ms: number) => Promise.race([upload.answer, sleep(ms).then(() => null)]);

describe('slow uploads over real HTTP', () => {
  let database: DbHandle;
  let server: TestServer;
  let close: () => Promise<void>;
  let listener: ServerType;
  let port: number;
  let jpeg: Uint8Array;
  const uploads: RawUpload[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // The product's per-client limits; the client is the socket's address (no X-Forwarded-For is sent).
    ({ server, close } = await createGatewayTestServer(database, { workers: 1, publicLimits: DEFAULT_PUBLIC_LIMITS }));
    listener = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((ready) => listener.once('listening', () => ready()));
    port = (listener.address() as AddressInfo).port;
    jpeg = await makeImage('jpeg', 320, 240, 5);
  }, 60_000);
  afterAll(async () => {
    for (const upload of uploads) upload.stop();
    await new Promise<void>((closed) => listener.close(() => closed()));
    await close();
    await database.close();
  });

  /** A client's own verify and sign uploads, sent whole from 127.0.0.1. */
  async function politeUploads(token: string): Promise<{ verify: number; sign: number }> {
    const base = `http://127.0.0.1:${port}/api/v1`;
    const verify = await fetch(`${base}/verify-content`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: jpeg });
    await verify.arrayBuffer();
    const form = new FormData();
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    form.append('file', new Blob([jpeg]), 'photo.jpg');
    const sign = await fetch(`${base}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    await sign.arrayBuffer();
    return { verify: verify.status, sign: sign.status };
  }

  it('answers another client\'s verify and sign uploads while 40 bodies of 8 MiB trickle from 5 addresses', async () => {
    const { session } = await signUpAccount(server);
    const trickling: RawUpload[] = [];
    for (let address = 2; address <= 6; address += 1) {
      for (let index = 0; index < 8; index += 1) {
        const upload = await openRawUpload({ port, localAddress: `127.0.0.${address}`, path: '/api/v1/verify-content', headers: { 'content-type': 'image/jpeg', 'content-length': DECLARED }, first: jpeg.subarray(0, 2) });
        upload.trickle(1_000);
        trickling.push(upload);
      }
    }
    uploads.push(...trickling);
    // Each address is within its share (8), but together they pass verification's crowded mark
    // (four shares, 32): past it, an address with uploads in progress is turned away, and one with
    // none is still let in (the fifth address's first upload, and the polite client below).
    const answers = await Promise.all(trickling.map((upload) => answerWithin(upload, 1_500)));
    expect(answers.filter((answer) => answer === null)).toHaveLength(33);
    expect(answers.filter((answer) => answer !== null).map((answer) => answer!.status)).toEqual(Array(7).fill(429));

    expect(await politeUploads(session.access_token)).toEqual({ verify: 200, sign: 201 });
    for (const upload of trickling) upload.stop();
  }, 30_000);

  it('counts one account\'s sign uploads against its share: past 8 at once it gets 429, and others still sign', async () => {
    const hog = await signUpAccount(server);
    const polite = await signUpAccount(server);
    const preamble = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n{"creator":"Hog"}\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const signing: RawUpload[] = [];
    for (let index = 0; index < 40; index += 1) {
      const upload = await openRawUpload({
        port,
        localAddress: `127.0.0.${10 + (index % 4)}`,
        path: '/api/v1/sign-content',
        headers: { authorization: `Bearer ${hog.session.access_token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': DECLARED },
        first: Buffer.concat([Buffer.from(preamble), jpeg.subarray(0, 2)]),
      });
      upload.trickle(1_000);
      signing.push(upload);
    }
    uploads.push(...signing);
    const answers = await Promise.all(signing.map((upload) => answerWithin(upload, 2_000)));
    expect(answers.filter((answer) => answer?.status === 429)).toHaveLength(32);
    expect(answers.filter((answer) => answer === null)).toHaveLength(8);

    expect(await politeUploads(polite.session.access_token)).toEqual({ verify: 200, sign: 201 });
    for (const upload of signing) upload.stop();
  }, 30_000);
});
