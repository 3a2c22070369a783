// Hono middleware that identifies the calling account from `Authorization: Bearer <access token or
// API key>` and sets `c.var.account`. Routes of every resource use these two factories.
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../http/api-error.ts';
import type { AccountResolver, RequestAccount } from '../services/auth/account-resolver.ts';

export type { RequestAccount } from '../services/auth/account-resolver.ts';

export interface RequiredAccountEnv {
  Variables: { account: RequestAccount };
}

export interface OptionalAccountEnv {
  Variables: { account: RequestAccount | undefined };
}

/** 401 unless the request carries a valid access token or API key. */
export function requireAccount(resolver: AccountResolver) {
  return createMiddleware<RequiredAccountEnv>(async (c, next) => {
    const account = await resolver.resolve(c.req.header('authorization'));
    if (account === null) throw ApiError.unauthorized('Authentication required');
    if (account === 'invalid') throw ApiError.unauthorized('Session expired, revoked or unknown');
    c.set('account', account);
    await next();
  });
}

/** Sets the account when a bearer is given; a bearer that is given but not valid is still a 401. */
export function optionalAccount(resolver: AccountResolver) {
  return createMiddleware<OptionalAccountEnv>(async (c, next) => {
    const account = await resolver.resolve(c.req.header('authorization'));
    if (account === 'invalid') throw ApiError.unauthorized('Session expired, revoked or unknown');
    c.set('account', account ?? undefined);
    await next();
  });
}

/**
 * After requireAccount: 403 unless the caller signed in with a session. Account takeover actions
 * (email, password, deletion, key regeneration) and changes to who the account signs as (the
 * organisation name, adding, activating or revoking a signing identity) are not open to API keys,
 * which live in scripts and CI systems (they act only for the signed-in user).
 */
export const requireSignedInSession = createMiddleware<RequiredAccountEnv>(async (c, next) => {
  if (c.var.account.via !== 'session') throw ApiError.forbidden('This action needs a signed-in session, not an API key');
  await next();
});
