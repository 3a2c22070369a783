// The HTTP side of Idempotency-Key (POST /sign-content, POST /jobs): reads the header, claims the key
// for the account with a fingerprint of the operation and its request, and either replays the first
// answer (Idempotent-Replayed: true), refuses a key reused for another request (422), waits for a
// first request still at work, or does the work and stores its answer. The service
// (services/idempotency/idempotency-keys.ts) keeps the answers in the database.
import { createHash } from 'node:crypto';
import type { IdempotencyKeys } from '../services/idempotency/idempotency-keys.ts';
import { ApiError } from './api-error.ts';
import { errorBody, toApiError } from './error-handler.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** The OpenAPI description of the header, for the routes that take it. */
export const IDEMPOTENCY_HEADER_DESCRIPTION =
  'Optional. A replay with the same key by the same account within 24 hours returns the first answer (status and body, with Idempotent-Replayed: true) without doing the work again; the same key with a different request is 422.';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** How long a replay waits for the first request with its key to finish before it is told to retry (409). */
const WAIT_FOR_FIRST_MS = 60_000;
const POLL_MS = 100;
/** Answers that say "try again" are not kept: the next request with the key does the work. */
const NOT_KEPT = new Set([408, 409, 425, 429]);

export interface IdempotentRequest {
  keys: IdempotencyKeys;
  userId: string;
  /** The header's value, if sent. */
  key: string | undefined;
  /** Names the operation (method and route), so one key cannot stand for two operations. */
  operation: string;
  /** What identifies the request's content: its parsed body (or the hash of an uploaded file) as text. */
  request: string;
}

const kept = (status: number) => status < 500 && !NOT_KEPT.has(status);

/** Runs `work` once per key: a replay gets the first answer. Without a key, simply runs it. */
export async function idempotent(request: IdempotentRequest, work: () => Promise<Response>): Promise<Response> {
  const { keys, userId, key } = request;
  if (key === undefined) return work();
  if (!KEY_PATTERN.test(key)) throw ApiError.validation('Idempotency-Key must be 1 to 255 visible ASCII characters');
  const fingerprint = createHash('sha256').update(request.operation).update('\n').update(request.request).digest('hex');
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claim = await keys.claim(userId, key, fingerprint);
    if (claim.kind === 'mismatch') throw new ApiError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request');
    if (claim.kind === 'replay') {
      return new Response(claim.answer.body, { status: claim.answer.status, headers: { 'content-type': claim.answer.contentType, 'idempotent-replayed': 'true' } });
    }
    if (claim.kind === 'claimed') break;
    if (Date.now() > deadline) throw new ApiError(409, 'idempotency_in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  let response: Response;
  try {
    response = await work();
  } catch (error) {
    // The error handler will answer; a client error is the first answer too, and kept as such.
    const known = toApiError(error);
    if (known && kept(known.status)) {
      await keys.complete(userId, key, { status: known.status, contentType: 'application/json', body: JSON.stringify(errorBody(known.code, known.message)) });
    } else {
      await keys.release(userId, key);
    }
    throw error;
  }
  if (kept(response.status)) {
    await keys.complete(userId, key, { status: response.status, contentType: response.headers.get('content-type') ?? 'application/json', body: await response.clone().text() });
  } else {
    await keys.release(userId, key);
  }
  return response;
}
