// A client over its fair share is refused at no cost to the others, over real HTTP: its request past
// the limit gets 429 before any of its body is read, and the connection is closed rather than kept
// to read (and drop) the refused body; meanwhile a polite client's verifications keep being answered,
// and clients over their share get one request in progress between them while it has one.
// (That the engine runs a polite client's work ahead of a client over its share is engine-pool.test.ts's.)
import { makeImage } from '@provenance/engine/testing';
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { DEFAULT_PUBLIC_LIMITS } from '../services/rate-limits/public-limits.ts';
import { createGatewayTestServer } from '../testing/gateway-fixture.ts';
import { openRawUpload, type RawUpload } from '../testing/raw-upload.ts';
import { openTestDatabase } from '../testing/test-databases.ts';

/** The size of the flood files. */
const BODY_BYTES = 1_600_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, sleep(ms).then(() => 'not yet' as const)]);

describe('a flooding client over real HTTP', () => {
  let database: DbHandle;
  let close: () => Promise<void>;
  let listener: ServerType;
  let port: number;
  let body: Buffer;
  let jpeg: Uint8Array;
  const uploads: RawUpload[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    let server;
    ({ server, close } = await createGatewayTestServer(database, { workers: 1, publicLimits: DEFAULT_PUBLIC_LIMITS, verifyCacheEntries: 0 }));
    listener = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((ready) => listener.once('listening', () => ready()));
    port = (listener.address() as AddressInfo).port;
    jpeg = await makeImage('jpeg', 320, 240, 11);
    body = Buffer.alloc(BODY_BYTES);
    body.set(await makeImage('jpeg', 640, 480, 12));
  }, 60_000);
  afterAll(async () => {
    for (const upload of uploads) upload.stop();
    await new Promise<void>((closed) => listener.close(() => closed()));
    await close();
    await database.close();
  });

  const verifyUpload = (localAddress: string, first?: Uint8Array) =>
    openRawUpload({ port, localAddress, path: '/api/v1/verify-content', headers: { 'content-type': 'image/jpeg', 'content-length': BODY_BYTES }, ...(first && { first }) });

  it('answers 429 before reading the body of a request over the limit, closes its connection, and leaves that client a quarter of its share a while', async () => {
    const holding: RawUpload[] = [];
    for (let index = 0; index < 8; index += 1) holding.push(await verifyUpload('127.0.0.20', body.subarray(0, 2)));
    uploads.push(...holding);
    expect(await Promise.all(holding.map((upload) => within(upload.answer, 1_000)))).toEqual(holding.map(() => 'not yet'));

    // Only the head is sent: the answer comes without a byte of the body.
    const refused = await verifyUpload('127.0.0.20');
    uploads.push(refused);
    const answer = await within(refused.answer, 5_000);
    expect(answer).toMatchObject({ status: 429, headers: { 'retry-after': '1', connection: 'close' } });
    // The body sent after the answer is not read to keep the connection: it is closed.
    refused.send(body);
    expect(await within(refused.closed, 3_000)).toBeUndefined();
    for (const upload of holding) upload.stop();

    // Over its share, it has a quarter of its slots (2 of 8) for a while; another client has all of its own.
    await sleep(200);
    const again: RawUpload[] = [];
    for (let index = 0; index < 3; index += 1) again.push(await verifyUpload('127.0.0.20', body.subarray(0, 2)));
    const others: RawUpload[] = [];
    for (let index = 0; index < 3; index += 1) others.push(await verifyUpload('127.0.0.25', body.subarray(0, 2)));
    uploads.push(...again, ...others);
    // (Its refusal comes once its Retry-After, 1 s, has passed.)
    expect((await Promise.all(again.map((upload) => within(upload.answer, 3_000)))).map((answer) => (answer === 'not yet' ? answer : answer?.status))).toEqual(['not yet', 'not yet', 429]);
    expect(await Promise.all(others.map((upload) => within(upload.answer, 200)))).toEqual(others.map(() => 'not yet'));
    for (const upload of [...again, ...others]) upload.stop();
  }, 30_000);

  it('keeps answering a polite client one verification at a time while another floods', async () => {
    let flooding = true;
    const statuses: Record<string, number> = {};
    const flooder = async () => {
      while (flooding) {
        const upload = await verifyUpload('127.0.0.21', body);
        uploads.push(upload);
        const answer = await within(upload.answer, 10_000);
        const status = answer === 'not yet' || answer === null ? 'none' : String(answer.status);
        statuses[status] = (statuses[status] ?? 0) + 1;
        upload.stop();
      }
    };
    const flood = Promise.all(Array.from({ length: 24 }, flooder));
    await sleep(500);
    const polite: number[] = [];
    for (let index = 0; index < 8; index += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/verify-content`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: jpeg });
      await response.arrayBuffer();
      polite.push(response.status);
    }
    flooding = false;
    await flood;
    expect(polite).toEqual(polite.map(() => 200));
    expect(statuses['429'], JSON.stringify(statuses)).toBeGreaterThan(0);
  }, 30_000);

  it('lets the clients over their share have one request in progress between them while a client within its share has one', async () => {
    // 127.0.0.30 and 127.0.0.31 go over their share: each holds its 8 and is refused a ninth.
    for (const address of ['127.0.0.30', '127.0.0.31']) {
      const holding: RawUpload[] = [];
      for (let index = 0; index < 8; index += 1) holding.push(await verifyUpload(address, body.subarray(0, 2)));
      const ninth = await verifyUpload(address);
      uploads.push(...holding, ninth);
      expect(await within(ninth.answer, 5_000)).toMatchObject({ status: 429 });
      for (const upload of [...holding, ninth]) upload.stop();
    }
    await sleep(300);
    // A client within its share has a verification in progress.
    const polite = await verifyUpload('127.0.0.32', body.subarray(0, 2));
    uploads.push(polite);
    expect(await within(polite.answer, 300)).toBe('not yet');
    // The two over their share get one request in progress between them, not a quarter share each.
    const overShare = [await verifyUpload('127.0.0.30', body.subarray(0, 2)), await verifyUpload('127.0.0.30', body.subarray(0, 2)), await verifyUpload('127.0.0.31', body.subarray(0, 2))];
    uploads.push(...overShare);
    const answers = await Promise.all(overShare.map((upload) => within(upload.answer, 3_000)));
    expect(answers.map((answer) => (answer === 'not yet' ? answer : answer?.status))).toEqual(['not yet', 429, 429]);
    // The client within its share keeps its own.
    const politeAgain = await verifyUpload('127.0.0.32', body.subarray(0, 2));
    uploads.push(politeAgain);
    expect(await within(politeAgain.answer, 500)).toBe('not yet');
    for (const upload of [polite, politeAgain, ...overShare]) upload.stop();
  }, 30_000);
});
