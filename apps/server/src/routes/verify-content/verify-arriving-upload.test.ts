// A JPEG (or PNG) sent as the request body with its length is verified by an engine worker while it arrives
// (services/verification/arriving/arriving-verification.ts): the answer must be the one the same file gets
// verified once it has arrived (as a form, which is not verified early), intact or tampered; a body
// cut off mid-way is a 400 and leaves the worker free; its verdict goes to the cache once the file is
// hashed, behind the answer.
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZVerifyResponse, type TVerifyResponse } from '@provenance/contracts';
import { createPemSigner, ensureLocalPki, sign } from '@provenance/engine';
import { makeImage, withoutValidationTime } from '@provenance/engine/testing';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/schema/index.ts';
import type { Services } from '../../services/create-services.ts';
import { createGatewayTestServer, uploadRequest } from '../../testing/gateway-fixture.ts';
import { readAnswer } from '../../testing/read-answer.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { readJson, type TestServer } from '../../testing/test-server.ts';

/** The body in chunks of `chunk` bytes, a few milliseconds apart, as a network delivers it; cut off after `cutAt` bytes if given. */
function arriving(bytes: Uint8Array, chunk: number, cutAt?: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      if (cutAt !== undefined && at >= cutAt) return controller.error(new Error('connection reset'));
      if (at >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

/** An answer without what differs between two calls: its event, and when it was made. */
const withoutEvent = ({ eventId: _eventId, ...rest }: TVerifyResponse) => withoutValidationTime(rest);

const BOUNDARY = 'arriving-form-boundary';
/** A form with the file, and a text field after it when `fieldAfter` is given. */
function formBody(bytes: Uint8Array, fieldAfter?: string): Uint8Array {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const after = fieldAfter === undefined ? '' : `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${fieldAfter}`;
  return new Uint8Array(Buffer.concat([Buffer.from(head), bytes, Buffer.from(`${after}\r\n--${BOUNDARY}--\r\n`)]));
}

let signed: Uint8Array;
let signedPng: Uint8Array;
beforeAll(async () => {
  const { pki } = await ensureLocalPki(join(mkdtempSync(join(tmpdir(), 'pg-arriving-')), 'pki'));
  const signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  signed = (await sign(await makeImage('jpeg', 900, 700), 'image/jpeg', { creator: 'Ada Reporter' }, { signer })).signedBytes;
  signedPng = (await sign(await makeImage('png', 600, 400), 'image/png', { creator: 'Ada Reporter' }, { signer })).signedBytes;
});

/** A gateway with one engine worker, noting which verifications started early and how many ran on a whole file. */
function arrivingGateway(options: { verifyCacheEntries?: number }) {
  const state = { server: undefined as unknown as TestServer, gateway: undefined as unknown as Services, database: undefined as unknown as DbHandle, started: [] as boolean[], wholeVerifications: 0 };
  let close: () => Promise<void>;
  beforeAll(async () => {
    state.database = await openTestDatabase('pglite');
    ({ server: state.server, gateway: state.gateway, close } = await createGatewayTestServer(state.database, { workers: 1, ...options }));
    const { verifyArriving, verify } = state.gateway.engine;
    Object.assign(state.gateway.engine, {
      verifyArriving: (...args: Parameters<typeof verifyArriving>) => {
        const job = verifyArriving(...args);
        state.started.push(job !== null);
        return job;
      },
      verify: (...args: Parameters<typeof verify>) => {
        state.wholeVerifications += 1;
        return verify(...args);
      },
    });
  });
  afterAll(async () => {
    await close();
    await state.database.close();
  });
  const post = (bytes: Uint8Array, type: string, chunk = 16 * 1024, cutAt?: number) =>
    state.server.app.request('/api/v1/verify-content', {
      method: 'POST',
      body: arriving(bytes, chunk, cutAt),
      headers: { 'content-type': type, 'content-length': String(bytes.byteLength) },
      duplex: 'half',
    } as RequestInit);
  const postBody = (bytes: Uint8Array, chunk = 16 * 1024, cutAt?: number) => post(bytes, 'image/jpeg', chunk, cutAt);
  const postForm = (bytes: Uint8Array, fieldAfter?: string) => post(formBody(bytes, fieldAfter), `multipart/form-data; boundary=${BOUNDARY}`);
  return { state, post, postBody, postForm };
}

describe('POST /verify-content: a JPEG body verified while it arrives (cache off)', () => {
  const { state, post, postBody, postForm } = arrivingGateway({ verifyCacheEntries: 0 });
  const asForm = async (bytes: Uint8Array, name = 'photo.jpg') => readAnswer(ZVerifyResponse, await uploadRequest(state.server, 'verify-content', { file: new Blob([bytes]) }, undefined, { name }));

  it('gives an intact JPEG the answer it gets once arrived, without verifying it again', async () => {
    const before = state.wholeVerifications;
    const response = await postBody(signed);
    expect(response.status).toBe(200);
    const early = await readAnswer(ZVerifyResponse, response);
    expect(state.started.at(-1)).toBe(true);
    expect(state.wholeVerifications).toBe(before);
    expect(early.verification.status).toBe('partial');
    expect(early.report.codes.success.map((code) => code.code)).toContain('assertion.dataHash.match');
    // The form is verified once it has arrived.
    expect(withoutEvent(early)).toEqual(withoutEvent(await asForm(signed)));
    expect(state.wholeVerifications).toBe(before + 1);
  });

  it('gives a tampered one the invalid verdict it gets once arrived', async () => {
    const tampered = signed.slice();
    tampered[tampered.byteLength - 500]! ^= 0x20;
    const before = state.wholeVerifications;
    const early = await readAnswer(ZVerifyResponse, await postBody(tampered, 64 * 1024));
    expect(state.started.at(-1)).toBe(true);
    expect(state.wholeVerifications).toBe(before);
    expect(early.verification.status).toBe('invalid');
    expect(early.verification.reasonCode).toBe('assertion.dataHash.mismatch');
    expect(withoutEvent(early)).toEqual(withoutEvent(await asForm(tampered)));
  });

  it('verifies a PNG body while it arrives too: the answer it gets once arrived, intact or tampered', async () => {
    const tampered = signedPng.slice();
    tampered[tampered.byteLength - 40]! ^= 0x20;
    for (const [bytes, status] of [[signedPng, 'partial'], [tampered, 'invalid']] as const) {
      const before = state.wholeVerifications;
      const response = await post(bytes, 'image/png');
      expect(response.status).toBe(200);
      const early = await readAnswer(ZVerifyResponse, response);
      expect(state.started.at(-1)).toBe(true);
      expect(state.wholeVerifications).toBe(before);
      expect(early.verification.status).toBe(status);
      expect(withoutEvent(early)).toEqual(withoutEvent(await asForm(bytes, 'photo.png')));
    }
  });

  it('answers a body cut off mid-way with 400, and the worker verifies the next file', async () => {
    const other = (await makeImage('jpeg', 640, 480, 7)).slice();
    const response = await postBody(other, 8 * 1024, 48 * 1024);
    expect(response.status).toBe(400);
    expect((await readJson<{ error: { code: string } }>(response)).error.code).toBe('body_aborted');
    expect(state.started.at(-1)).toBe(true);
    // A worker left waiting for the rest of the cut-off body would never verify this one.
    const next = await readAnswer(ZVerifyResponse, await postBody(other));
    expect(next.verification.status).toBe('unsigned');
  });

  it('verifies a form whose file is its last part while it arrives, with the same answer', async () => {
    const before = state.wholeVerifications;
    const early = await readAnswer(ZVerifyResponse, await postForm(signed));
    expect(state.started.at(-1)).toBe(true);
    expect(state.wholeVerifications).toBe(before);
    expect(withoutEvent(early)).toEqual(withoutEvent(await readAnswer(ZVerifyResponse, await postBody(signed))));
  });

  it('verifies a form with a field after its file once it has arrived (its file is not the length expected)', async () => {
    const reference = withoutEvent(await readAnswer(ZVerifyResponse, await postBody(signed)));
    const before = state.wholeVerifications;
    for (const note of ['x', 'a longer note after the file'.repeat(100)]) {
      expect(withoutEvent(await readAnswer(ZVerifyResponse, await postForm(signed, note)))).toEqual(reference);
    }
    expect(state.wholeVerifications).toBe(before + 2);
  });

  it('does not take the verdict of a file shorter than the form’s file (a closing boundary without its CRLF)', async () => {
    const reference = withoutEvent(await readAnswer(ZVerifyResponse, await postBody(signed)));
    const before = state.wholeVerifications;
    const body = formBody(signed).slice(0, -2);
    // Everything up to the file's expected length, then (after the worker had time to verify those
    // bytes) the file's last two bytes and the closing boundary: a verdict of a file 2 bytes short.
    const expectedEnd = body.byteLength - Buffer.byteLength(`\r\n--${BOUNDARY}--\r\n`);
    const pieces = [body.slice(0, expectedEnd), body.slice(expectedEnd)];
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const piece = pieces.shift();
        if (!piece) return controller.close();
        if (pieces.length === 0) await new Promise((resolve) => setTimeout(resolve, 300));
        controller.enqueue(piece);
      },
    });
    const response = await state.server.app.request('/api/v1/verify-content', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.byteLength) },
      duplex: 'half',
    } as RequestInit);
    const answer = await readAnswer(ZVerifyResponse, response);
    expect(state.started.at(-1)).toBe(true);
    expect(state.wholeVerifications).toBe(before + 1);
    expect(withoutEvent(answer)).toEqual(reference);
  });

});

describe('POST /verify-content: a JPEG body verified while it arrives, the cache on', () => {
  const { state, postBody, postForm } = arrivingGateway({});

  it('takes its own verdict (the cache would wait for its hash), gives it to the cache once hashed, and records each call with the hash', async () => {
    const first = await readAnswer(ZVerifyResponse, await postBody(signed));
    const second = await readAnswer(ZVerifyResponse, await postBody(signed));
    expect(state.started.slice(0, 2)).toEqual([true, true]);
    expect(second.eventId).not.toBe(first.eventId);
    expect(withoutEvent(second)).toEqual(withoutEvent(first));
    // A form with a field after its file is verified once arrived, not early: the cache answers it.
    const third = await readAnswer(ZVerifyResponse, await postForm(signed, 'note'));
    expect(withoutEvent(third)).toEqual(withoutEvent(first));
    expect(state.wholeVerifications).toBe(0);
    await state.gateway.flush();
    const events = await state.database.db
      .select({ id: verificationEvents.id, assetHash: verificationEvents.assetHash })
      .from(verificationEvents)
      .where(inArray(verificationEvents.id, [first, second, third].map((answer) => answer.eventId!)));
    expect(events.map((event) => event.assetHash)).toEqual(Array(3).fill(createHash('sha256').update(signed).digest('hex')));
    // The worker goes on to the next file.
    const other = await readAnswer(ZVerifyResponse, await postBody(await makeImage('jpeg', 300, 200, 3)));
    expect(other.verification.status).toBe('unsigned');
  });
});
