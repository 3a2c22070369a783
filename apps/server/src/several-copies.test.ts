// Two real server processes (main.ts), each with its own DATA_DIR, over one PostgreSQL database and
// one S3 store (s3rver): the proof that the gateway runs as several copies. They share one signing
// PKI, one session secret and one key-encryption key; what one signs the other verifies as trusted
// and serves; sessions and API keys made on one work on the other; rate limits are counted across
// both; a job's items are each processed once, a webhook event is delivered once and the weekly
// report is sent once while both run. Needs PostgreSQL: runs where TEST_DATABASE_URL is set (CI).
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { makeImage } from '@provenance/engine/testing';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_SCHEMA } from './queue/task-queue.ts';
import { REVOCATION_WATCH_INTERVAL_MS } from './services/revocation/revocation-watch.ts';
import { WEEKLY_REPORTS_QUEUE } from './services/email/weekly-reports.ts';
import { serveLoopbackFiles, type LoopbackFiles } from './testing/loopback-files.ts';
import { startS3TestServer, type S3TestServer } from './testing/s3-test-server.ts';
import { startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { signUpOverHttp, signUpTokenFromSmtp } from './testing/sign-up-mail.ts';
import { startSmtpTestServer, type SmtpTestServer } from './testing/smtp-test-server.ts';
import { createPostgresTestDatabase } from './testing/test-databases.ts';

const run = promisify(execFile);
import { nameTestOrganizationAt } from './testing/test-server.ts';

const VERIFY_LIMIT = 4;
const JOB_ITEMS = 24;

interface Copy {
  name: string;
  server: ServerProcess;
  api: string;
}

/** Polls until `read` gives a value. */
async function eventually<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A loopback webhook receiver counting deliveries by their webhook-id. */
async function startWebhookReceiver(): Promise<{ url: string; ids: string[]; types: string[]; close(): void }> {
  const ids: string[] = [];
  const types: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      ids.push(String(request.headers['webhook-id']));
      types.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string }).type);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    ids,
    types,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Serves the photos by index at /slow/<index>.png, each answer after a delay, counting requests per path. */
async function startSlowFiles(photos: Uint8Array[], delayMs: number): Promise<{ baseUrl: string; hits: Map<string, number>; close(): void }> {
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const filePath = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    hits.set(filePath, (hits.get(filePath) ?? 0) + 1);
    const photo = photos[Number(/^\/slow\/(\d+)\.png$/.exec(filePath)?.[1] ?? -1)];
    setTimeout(() => (photo ? response.writeHead(200, { 'content-type': 'image/png' }).end(photo) : response.writeHead(404).end()), delayMs);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two server copies over one PostgreSQL and one S3 store', () => {
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
  let s3: S3TestServer;
  let smtp: SmtpTestServer;
  let files: LoopbackFiles;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const dataDirs: string[] = [];
  const copies: Copy[] = [];
  let a: Copy;
  let b: Copy;
  const keyEncryptionKey = crypto.randomBytes(32).toString('base64');
  const photos = new Map<string, Uint8Array>();

  const env = (): Record<string, string> => ({
    DATABASE_URL: database.url,
    KEY_ENCRYPTION_KEY: keyEncryptionKey,
    ...s3.env,
    SMTP_URL: smtp.url,
    FETCH_ALLOW_HOSTS: '127.0.0.1',
    VERIFY_REQUESTS_PER_MINUTE: String(VERIFY_LIMIT),
    // Items held by a copy that dies are handed out again after this (the last test kills one).
    JOB_ITEM_TIMEOUT_SECONDS: '10',
    TRUST_LIST_REFRESH_HOURS: '0',
    ENGINE_WORKERS: '1',
  });
  const newDataDir = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pg-copies-'));
    dataDirs.push(dir);
    return dir;
  };
  const copy = (name: string, server: ServerProcess): Copy => {
    const started = { name, server, api: `${server.baseUrl}/api/v1` };
    copies.push(started);
    return started;
  };

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    [s3, smtp] = await Promise.all([startS3TestServer(), startSmtpTestServer()]);
    receiver = await startWebhookReceiver();
    for (let index = 0; index < JOB_ITEMS; index += 1) photos.set(`/photo-${index}.png`, await makeImage('png', 64 + index, 48));
    files = await serveLoopbackFiles((filePath) => (photos.has(filePath) ? { bytes: photos.get(filePath)!, type: 'image/png' } : undefined));
    // Both copies start together on the empty database: migrations, the PKI and the secrets race.
    const [first, second] = await Promise.all([startServerProcess(await newDataDir(), env()), startServerProcess(await newDataDir(), env())]);
    a = copy('A', first);
    b = copy('B', second);
  }, 180_000);

  afterAll(async () => {
    for (const { server } of copies) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    receiver?.close();
    await Promise.all([files?.close(), s3?.close(), smtp?.close()]);
    await database?.drop();
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  }, 60_000);

  const json = async <T>(response: Response, status: number): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const signUp = async (on: Copy, email = `copies-${crypto.randomBytes(4).toString('hex')}@example.com`): Promise<string> => {
    const token = (await signUpOverHttp(on.api, email, 'secret-123-copies', (address) => signUpTokenFromSmtp(smtp, address))).access_token;
    await nameTestOrganizationAt(on.api, token);
    return token;
  };
  const sign = async (on: Copy, credential: string, image: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([image]), 'photo.jpg');
    form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
    return json<{ assetId: string; manifestId: string; signedAssetUrl: string }>(await fetch(`${on.api}/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${credential}` }, body: form }), 201);
  };
  /** PUBLIC_URL is the same on both copies; the test reaches each at its own port. */
  const onCopy = (link: string, on: Copy) => `${on.server.baseUrl}${new URL(link).pathname}`;
  const gatewayRoot = async (on: Copy) => {
    const trust = await json<{ lists: { tier: string; anchors: { sha256: string }[] }[] }>(await fetch(`${on.api}/trust`), 200);
    return trust.lists.filter((list) => list.tier === 'gateway').flatMap((list) => list.anchors.map((anchor) => anchor.sha256));
  };

  it('refuses to start over PostgreSQL without KEY_ENCRYPTION_KEY, saying so', async () => {
    await expect(startServerProcess(await newDataDir(), { ...env(), KEY_ENCRYPTION_KEY: '' })).rejects.toThrow(/KEY_ENCRYPTION_KEY must be set when DATABASE_URL is/);
  }, 60_000);

  it('shares one signing PKI: the same gateway root on both, and what A signs B verifies as trusted and serves from the one store', async () => {
    const [rootA, rootB] = await Promise.all([gatewayRoot(a), gatewayRoot(b)]);
    expect(rootA).toHaveLength(1);
    expect(rootB).toEqual(rootA);

    const token = await signUp(a);
    const signed = await sign(a, token, await makeImage('jpeg', 320, 240));
    const download = await fetch(onCopy(signed.signedAssetUrl, a));
    expect(download.status).toBe(200);
    const fromA = new Uint8Array(await download.arrayBuffer());
    const served = await fetch(onCopy(signed.signedAssetUrl, b));
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(fromA))).toBe(true);
    const verdict = await json<{ verification: { status: string } }>(
      await fetch(`${b.api}/verify-content`, { method: 'POST', headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` }, body: fromA }),
      200,
    );
    expect(verdict.verification.status).toBe('verified');
    // And the other way round: B signs under the same root, A verifies.
    const signedOnB = await sign(b, token, await makeImage('jpeg', 300, 200));
    const fromB = new Uint8Array(await (await fetch(onCopy(signedOnB.signedAssetUrl, a))).arrayBuffer());
    const verdictOnA = await json<{ verification: { status: string } }>(
      await fetch(`${a.api}/verify-content`, { method: 'POST', headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` }, body: fromB }),
      200,
    );
    expect(verdictOnA.verification.status).toBe('verified');
  }, 120_000);

  it('makes a revocation on A count on B: B’s OCSP responder forgets the answer it kept and says revoked, and B reads the named actor revoked', async () => {
    const token = await signUp(a);
    const signed = await sign(a, token, await makeImage('jpeg', 260, 200));
    const signedBytes = new Uint8Array(await (await fetch(onCopy(signed.signedAssetUrl, a))).arrayBuffer());
    type Named = { verification: { status: string; identities?: { status: string; codes: { failure: { code: string }[] } }[] } };
    const verifyOnB = async () => json<Named>(await fetch(`${b.api}/verify-content`, { method: 'POST', headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` }, body: signedBytes }), 200);
    // B verifies (and keeps its verdict) before the revocation.
    expect((await verifyOnB()).verification.identities?.[0]?.status).toBe('trusted');
    const identities = await json<{ id: string; kind: string; active: boolean; certificateChain: string }[]>(await fetch(`${a.api}/account/signing-identities`, { headers: { authorization: `Bearer ${token}` } }), 200);
    const managed = identities.find((identity) => identity.kind === 'managed' && identity.active);
    const [leafPem, intermediatePem] = managed!.certificateChain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pg-copies-ocsp-'));
    await fs.writeFile(path.join(dir, 'leaf.pem'), `${leafPem}\n`);
    await fs.writeFile(path.join(dir, 'intermediate.pem'), `${intermediatePem}\n`);
    // Without a nonce: the answer B keeps (and must forget when A revokes), as most validators ask.
    const statusOnB = async () =>
      (await run('openssl', ['ocsp', '-no_nonce', '-noverify', '-issuer', path.join(dir, 'intermediate.pem'), '-cert', path.join(dir, 'leaf.pem'), '-url', `${b.api}/pki/ocsp`], { timeout: 15_000 })).stdout;
    expect(await statusOnB()).toMatch(/leaf\.pem: good/);
    await json(await fetch(`${a.api}/account/signing-identities/${managed!.id}/revoke`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }), 200);
    // B forgets its kept answer within its watch interval (asked at most twice after it, a busy machine's timers being late).
    await sleep(REVOCATION_WATCH_INTERVAL_MS + 1_500);
    let status = await statusOnB();
    if (/: good/.test(status)) {
      await sleep(REVOCATION_WATCH_INTERVAL_MS);
      status = await statusOnB();
    }
    expect(status).toMatch(/leaf\.pem: revoked/);
    // B forgot its kept verdict too, and reads the organisation's identity from the shared records: revoked, the claim standing.
    const after = await verifyOnB();
    expect(after.verification.status).toBe('verified');
    expect(after.verification.identities?.[0]?.status).toBe('revoked');
    expect(after.verification.identities?.[0]?.codes.failure.map((code) => code.code)).toContain('gateway.identity.credential.revoked');
    await fs.rm(dir, { recursive: true, force: true });
  }, 60_000);

  it('accepts on B a session and an API key made on A', async () => {
    const token = await signUp(a);
    expect((await fetch(`${b.api}/account/api-keys`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const key = (await json<{ key: { secret: string } }>(await fetch(`${a.api}/account/api-keys/production/regenerate`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }), 200)).key.secret;
    expect((await fetch(`${b.api}/analytics/summary`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    await sign(b, key, await makeImage('jpeg', 200, 150));
    // A stranger's token is still refused, so the 200s above are not an open door.
    expect((await fetch(`${b.api}/account/api-keys`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
  }, 60_000);

  it('counts a client’s verifications across both copies', async () => {
    // The limit is per minute, in fixed windows: stay clear of a window's end.
    const second = new Date().getUTCSeconds();
    if (second > 40) await sleep((61 - second) * 1000);
    const unsigned = await makeImage('jpeg', 120, 90);
    const verifyOn = (on: Copy) => fetch(`${on.api}/verify-content`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: unsigned }).then(async (response) => (await response.arrayBuffer(), response.status));
    for (let index = 0; index < VERIFY_LIMIT; index += 1) expect(await verifyOn(a)).toBe(200);
    expect(await verifyOn(a)).toBe(429);
    // Copies reconcile their counts through the database every 2 s (a request never waits for it):
    // once B has read the shared total, the client is over its limit there too. B alone would let
    // VERIFY_LIMIT through; it lets at most the one it counts before its first reconcile (two on a
    // machine busy enough to delay that reconcile).
    let allowedOnB = 0;
    let refusedOnB = false;
    for (let attempt = 0; attempt < 3 && !refusedOnB; attempt += 1) {
      await sleep(2_500);
      const status = await verifyOn(b);
      if (status === 429) refusedOnB = true;
      else allowedOnB += 1;
    }
    expect(refusedOnB).toBe(true);
    expect(allowedOnB).toBeLessThanOrEqual(2);
  }, 90_000);

  it('processes each item of a job posted on A once while both copies work', async () => {
    const token = await signUp(a);
    const items = [...photos.keys()].map((filePath) => ({ assetUrl: `${files.baseUrl}${filePath}` }));
    const accepted = await json<{ id: string }>(
      await fetch(`${a.api}/jobs`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'verify', items }) }),
      202,
    );
    const job = await eventually(async () => {
      const progress = await json<{ status: string; total: number; done: number; failed: number }>(await fetch(`${b.api}/jobs/${accepted.id}`, { headers: { authorization: `Bearer ${token}` } }), 200);
      return progress.status === 'completed' || progress.status === 'failed' ? progress : undefined;
    }, 'the job to finish', 120_000);
    expect(job).toMatchObject({ status: 'completed', total: JOB_ITEMS, done: JOB_ITEMS, failed: 0 });
    const results = (await (await fetch(`${b.api}/jobs/${accepted.id}/results`, { headers: { authorization: `Bearer ${token}` } })).text())
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as { index: number; status: string });
    expect(results).toHaveLength(JOB_ITEMS);
    expect(new Set(results.map((result) => result.index)).size).toBe(JOB_ITEMS);
    // Each file was fetched once: no item was claimed by both copies.
    expect([...photos.keys()].map((filePath) => files.hits.get(filePath))).toEqual(Array(JOB_ITEMS).fill(1));
  }, 180_000);

  it('delivers each webhook event once, whichever copy the event happened on', async () => {
    const token = await signUp(a);
    await json(await fetch(`${a.api}/webhooks`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: receiver.url, events: ['asset.signed'] }) }), 201);
    const image = await makeImage('jpeg', 240, 180);
    await Promise.all([sign(a, token, image), sign(b, token, image), sign(a, token, image), sign(b, token, image)]);
    await eventually(async () => (receiver.ids.length >= 4 ? true : undefined), 'four deliveries');
    // Time for a second delivery of any of them, were there one.
    await sleep(4_000);
    expect(receiver.types).toEqual(Array(4).fill('asset.signed'));
    expect(new Set(receiver.ids).size).toBe(4);
  }, 90_000);

  it('sends the weekly report once, though both copies run the weekly schedule', async () => {
    const email = `weekly-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const token = await signUp(b, email);
    // Something to report: a signing of yesterday (a report covers the seven days before today).
    const signed = await sign(a, token, await makeImage('jpeg', 220, 160));
    const sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    try {
      await sql.query("update signed_assets set signed_at = now() - interval '1 day' where id = $1", [signed.assetId]);
    } finally {
      await sql.end();
    }
    // The schedule's tick, twice (as a second copy's clock might): each copy's workers may take it.
    const boss = new PgBoss({ connectionString: database.url, schema: QUEUE_SCHEMA, supervise: false, schedule: false, migrate: false });
    await boss.start();
    try {
      await boss.send(WEEKLY_REPORTS_QUEUE, {});
      await boss.send(WEEKLY_REPORTS_QUEUE, {});
    } finally {
      await boss.stop({ graceful: false });
    }
    // The sign-up's confirmation mail went to the same address.
    const reports = () => smtp.messages.filter((message) => message.envelope.to.includes(email) && !(message.parsed.text ?? '').includes('confirm-sign-up#token='));
    await eventually(async () => (reports().length >= 1 ? true : undefined), 'the weekly report');
    await sleep(5_000);
    expect(reports()).toHaveLength(1);
  }, 90_000);
  it('loses no job item when a third copy is killed with SIGKILL in the middle: the others finish its items', async () => {
    const c = copy('C', await startServerProcess(await newDataDir(), env()));
    const slow = await startSlowFiles([...photos.values()], 1_500);
    try {
      const token = await signUp(c);
      const items = [...photos.keys()].map((_, index) => ({ assetUrl: `${slow.baseUrl}/slow/${index}.png` }));
      const accepted = await json<{ id: string }>(
        await fetch(`${c.api}/jobs`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ type: 'verify', items }) }),
        202,
      );
      const fetched = () => [...slow.hits.values()].reduce((sum, count) => sum + count, 0);
      // Three copies work on it (two items each at a time); once a second wave is under way, C dies.
      await eventually(async () => (fetched() >= 8 ? true : undefined), 'items under way');
      c.server.child.kill('SIGKILL');
      await c.server.exited;
      const job = await eventually(async () => {
        const progress = await json<{ status: string; total: number; done: number; failed: number }>(await fetch(`${a.api}/jobs/${accepted.id}`, { headers: { authorization: `Bearer ${token}` } }), 200);
        return progress.status === 'completed' || progress.status === 'failed' ? progress : undefined;
      }, 'A and B to finish the job', 150_000);
      expect(job).toMatchObject({ status: 'completed', total: JOB_ITEMS, done: JOB_ITEMS, failed: 0 });
      const results = (await (await fetch(`${b.api}/jobs/${accepted.id}/results`, { headers: { authorization: `Bearer ${token}` } })).text())
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as { index: number; status: string });
      expect(results.map((result) => result.index).sort((x, y) => x - y)).toEqual([...Array(JOB_ITEMS).keys()]);
      expect(results.every((result) => result.status === 'done')).toBe(true);
      // What C held when it died was fetched again by the others (logged for the record).
      console.info('several copies, SIGKILL of one during a job:', { items: JOB_ITEMS, fetches: fetched(), handedOutAgain: fetched() - JOB_ITEMS });
    } finally {
      slow.close();
    }
  }, 240_000);
});
