// Hono middleware that admits a request to a public endpoint within its client's fair share, and
// answers 429 with Retry-After otherwise, closing the connection rather than reading the refused
// body. Placed after optionalAccount (or requireAccount) where the route has it, so a signed-in
// caller or API key counts as its account rather than its address.
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import { ApiError } from '../http/api-error.ts';
import { clientIdentity } from '../services/rate-limits/client-identity.ts';
import type { PublicEndpoint, PublicLimits } from '../services/rate-limits/public-limits.ts';
import type { OptionalAccountEnv } from './account.ts';

/** The context variable the middleware leaves the question whether the request's client is over its share in. */
interface ClientShareEnv {
  Variables: { clientOverShare?: () => boolean };
}

/**
 * Whether the request's client was refused lately for going over its share (clientLimits ran before),
 * as of now: asked again at each step, a request let in just before its client's next ones were
 * refused waits behind other clients' from then on.
 */
export function isClientOverShare(c: Context): boolean {
  return (c as Context<ClientShareEnv>).get('clientOverShare')?.() ?? false;
}

export function clientLimits(limits: PublicLimits, clientIp: (c: Context) => string) {
  return (endpoint: PublicEndpoint) =>
    createMiddleware<OptionalAccountEnv>(async (c, next) => {
      // Routes without optionalAccount have no account variable: they count per address.
      const client = clientIdentity({ userId: c.get('account')?.userId, ip: clientIp(c) });
      const admission = limits.admit(endpoint, client);
      if (!admission.admitted) {
        const message =
          admission.reason === 'in_flight'
            ? `Too many requests in progress from this client; try again in ${admission.retryAfterSeconds} seconds`
            : admission.reason === 'crowded'
              ? `The server is busy; this client already has a request in progress, try again in ${admission.retryAfterSeconds} seconds`
              : `Too many requests from this client; try again in ${admission.retryAfterSeconds} seconds`;
        // Answered before a byte of the body is read, and the connection closed once the answer is
        // out: kept open, the server would read (and drop) the refused upload to reuse it, which a
        // flood of refused 1.6 MB files turned into most of the server's work.
        c.header('Connection', 'close');
        // A client refused again while over its share is answered once the Retry-After has passed, its
        // request unread meanwhile: a flood that asks again at once would otherwise have the server's
        // thread parse and answer hundreds of refusals a second. Its connection, still open, counts
        // against what its address may hold (http/connection-gate.ts).
        if (admission.overShare && admission.reason !== 'rate') await new Promise((waited) => setTimeout(waited, admission.retryAfterSeconds * 1000));
        throw new ApiError(429, 'rate_limited', message, admission.retryAfterSeconds);
      }
      (c as unknown as Context<ClientShareEnv>).set('clientOverShare', admission.isOverShare);
      try {
        await next();
      } finally {
        admission.release();
      }
    });
}
