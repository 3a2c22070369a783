// Shared OpenAPI response entries: the error shape under each status a route can answer with.
import { ZErrorResponse } from '@provenance/contracts';

const DESCRIPTIONS: Record<number, string> = {
  400: 'A field is missing or invalid; the message names it',
  401: 'Missing, expired or revoked credentials',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflicts with existing data',
  413: 'Request body too large',
  422: 'Well formed, but what it names cannot be processed; the message says why',
  429: 'Too many attempts; see Retry-After',
  502: 'A service the gateway depends on (the time-stamping authority) failed; nothing was changed',
};

export function errorResponses(...statuses: Array<keyof typeof DESCRIPTIONS>) {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': { schema: ZErrorResponse } } }]),
  );
}

export function jsonBody<T>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

export function jsonResponse<T>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** An error status with a route's own description. */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ZErrorResponse } } };
}

/** The 409 of every route that signs: the name to sign under is missing or is not the account's. */
export const SIGNING_NAME_CONFLICT =
  'organization_required: the account has no name to sign under yet and signs through its managed certificate (give organization; its email is never published instead); organization_mismatch: organization is not the name set';
