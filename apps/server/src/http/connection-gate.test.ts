// Connections refused as they are accepted (connection-gate.ts, as main.ts puts it before the server),
// over real HTTP on loopback, clients told apart by their address: an address over its share, or
// holding too many connections, has its next connection answered 429 without a byte of it being
// parsed (it may send nothing at all, or something that is not HTTP), while another address is served.
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../db/create-db.ts';
import { DEFAULT_PUBLIC_LIMITS } from '../services/rate-limits/public-limits.ts';
import { createGatewayTestServer } from '../testing/gateway-fixture.ts';
import { openRawUpload, type RawUpload } from '../testing/raw-upload.ts';
import { openTestDatabase } from '../testing/test-databases.ts';
import { gatewayConnectionGate, guardConnections } from './connection-gate.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, sleep(ms).then(() => 'not yet' as const)]);

/** A connection from `localAddress` that sends `bytes` (or nothing); resolves with all the server wrote once it closed. */
function connection(port: number, localAddress: string, bytes?: string): { socket: Socket; connected: Promise<void>; received: Promise<string> } {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  if (bytes !== undefined) void connected.then(() => socket.write(bytes));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const received = new Promise<string>((resolve) => socket.once('close', () => resolve(Buffer.concat(chunks).toString('latin1'))));
  return { socket, connected, received };
}

/** A verification of `jpeg` over a connection of its own from `localAddress`: its status. */
function verify(port: number, localAddress: string, jpeg: Uint8Array): Promise<number | string> {
  return new Promise((resolve) => {
    const outgoing = request({ host: '127.0.0.1', port, path: '/api/v1/verify-content', method: 'POST', localAddress, agent: false, headers: { 'content-type': 'image/jpeg', 'content-length': jpeg.byteLength } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 'none'));
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    outgoing.end(jpeg);
  });
}

describe('connections refused as they are accepted', () => {
  let database: DbHandle;
  let close: () => Promise<void>;
  let listener: ServerType;
  let port: number;
  let jpeg: Uint8Array;
  const sockets: Socket[] = [];
  const uploads: RawUpload[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    let server;
    let gateway;
    ({ server, gateway, close } = await createGatewayTestServer(database, { workers: 1, publicLimits: DEFAULT_PUBLIC_LIMITS, verifyCacheEntries: 0 }));
    listener = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 });
    guardConnections(listener as Server, gatewayConnectionGate(gateway.publicLimits, DEFAULT_PUBLIC_LIMITS.verify.concurrent));
    await new Promise<void>((ready) => listener.once('listening', () => ready()));
    port = (listener.address() as AddressInfo).port;
    jpeg = await makeImage('jpeg', 320, 240, 21);
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    for (const upload of uploads) upload.stop();
    await new Promise<void>((closed) => listener.close(() => closed()));
    await close();
    await database.close();
  }, 30_000);

  it('answers an address over its share 429 on its next connection before reading it, while another address is verified', async () => {
    // 127.0.0.50 holds its share of verifications (bodies still to come) and is refused a ninth.
    const headers = { 'content-type': 'image/jpeg', 'content-length': 1_600_000 };
    for (let index = 0; index < 8; index += 1) uploads.push(await openRawUpload({ port, localAddress: '127.0.0.50', path: '/api/v1/verify-content', headers, first: jpeg.subarray(0, 2) }));
    const ninth = await openRawUpload({ port, localAddress: '127.0.0.50', path: '/api/v1/verify-content', headers });
    uploads.push(ninth);
    expect(await within(ninth.answer, 5_000)).toMatchObject({ status: 429 });

    // Its next connections are answered 429 and closed whatever they send: nothing at all, or bytes
    // that are not HTTP (parsed, they would get 400).
    const silent = connection(port, '127.0.0.50');
    const garbled = connection(port, '127.0.0.50', 'not a request\r\n\r\n');
    sockets.push(silent.socket, garbled.socket);
    for (const refused of [silent, garbled]) {
      const answer = await within(refused.received, 5_000);
      expect(answer).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
      expect(answer).toMatch(/\r\nRetry-After: 1\r\n/);
      expect(answer).toMatch(/\r\nConnection: close\r\n/);
      expect(JSON.parse(String(answer).split('\r\n\r\n')[1]!)).toMatchObject({ error: { code: 'rate_limited' } });
    }

    // Another address is verified meanwhile.
    expect(await verify(port, '127.0.0.51', jpeg)).toBe(200);
    for (const upload of uploads) upload.stop();
  }, 30_000);

  it('answers the 129th connection one address holds open 429 without reading it, while another address is verified', async () => {
    const held = Array.from({ length: 128 }, () => connection(port, '127.0.0.60'));
    sockets.push(...held.map((one) => one.socket));
    await Promise.all(held.map((one) => one.connected));
    const past = connection(port, '127.0.0.60', 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    sockets.push(past.socket);
    expect(await within(past.received, 5_000)).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(await verify(port, '127.0.0.61', jpeg)).toBe(200);
    // None of the 128 was answered or closed: they are the address's own, within what it may hold.
    expect(await within(Promise.race(held.map((one) => one.received)), 200)).toBe('not yet');
    for (const one of held) one.socket.destroy();
  }, 30_000);
});
