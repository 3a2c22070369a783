// The product's fair share of the public endpoints (verify, track, support, status image) and of signing
// (per account): per client, a limit on requests in progress and, where it matters, a rate limit. A
// client is an account when the caller signed in or sent an API key, else its address (see
// client-identity.ts).
//
// Why these defaults:
// - Verification and status images get a concurrency limit only. A client sending one request at a time
//   holds one slot, however fast it goes (a cached verification answers in about a millisecond),
//   so it is never throttled; a client opening hundreds of connections gets 8 engine slots, and
//   everyone else keeps the rest of the workers and the engine queue. A rate limit low enough to
//   matter would throttle exactly the sequential scripts the API is for.
// - The OCSP responder gets a concurrency limit of its own, 20: validators behind one address (a
//   newsroom's proxy) ask in parallel, and each answer is cheap (one query, one signature, or a
//   kept answer), so 20 in progress is far above a fair use and far below a flood.
// - Support requests and analytics events are writes that land in tables: they get a rate limit
//   too (20 support requests an hour, 300 tracked events a minute per client), which bounds what
//   one client can store (20 x 10 kB an hour instead of gigabytes).
import type { RateLimitRule } from './rate-limiter.ts';
import { createInFlightLimiter, type InFlightLimiter } from './in-flight-limiter.ts';
import type { SharedWindowCounter } from './shared-window-counter.ts';

export type PublicEndpoint = 'verify' | 'track' | 'support' | 'statusImage' | 'sbr' | 'ocsp' | 'sign';

/** OCSP requests of one client in progress at once; the next one gets 429. */
export const OCSP_CONCURRENT_PER_CLIENT = 20;

export interface PublicLimitRule {
  /** Requests of one client in progress at once on this server copy. */
  concurrent: number;
  /**
   * Requests of all clients in progress at once on this copy beyond which only a client with none in
   * progress is let in: however many addresses a flood comes from, a client sending one request at
   * a time is served, while each flooding client waits for its own requests to finish. Where it is
   * set, the clients over their share (OVER_SHARE_SECONDS) have what the others leave: one request
   * in progress between them all while a client within its share has one, else one client's share
   * (`concurrent`) between them. However many addresses a flood comes from, it costs the server about
   * one request at a time while anyone else is served.
   */
  crowdedAt?: number | undefined;
  /** Requests of one client per window across all copies; absent means no rate limit. */
  rate?: RateLimitRule | undefined;
}

export type PublicLimitRules = Record<PublicEndpoint, PublicLimitRule>;

/** All clients' uploads in progress at once, in shares of one client, past which the endpoint is crowded. */
const CROWDED_SHARES = 4;

export const DEFAULT_PUBLIC_LIMITS: PublicLimitRules = {
  verify: { concurrent: 8, crowdedAt: 8 * CROWDED_SHARES },
  statusImage: { concurrent: 8, crowdedAt: 8 * CROWDED_SHARES },
  track: { concurrent: 8, rate: { limit: 300, windowSeconds: 60 } },
  support: { concurrent: 8, rate: { limit: 20, windowSeconds: 60 * 60 } },
  // Soft-binding lookups: other resolvers and scripts ask in bursts; 120 a minute bounds the fingerprint work one client causes.
  sbr: { concurrent: 8, rate: { limit: 120, windowSeconds: 60 } },
  ocsp: { concurrent: OCSP_CONCURRENT_PER_CLIENT },
  // Signing needs an account, which is the client: its uploads in progress hold the server's upload
  // memory as verification's do, so one account gets the same share of them.
  sign: { concurrent: 8, crowdedAt: 8 * CROWDED_SHARES },
};

/** The rules from the server's configuration; a rate of 0 means no rate limit. */
export function publicLimitRules(settings: { concurrentPerClient: number; verifyPerMinute: number; trackPerMinute: number; supportPerHour: number }): PublicLimitRules {
  const perWindow = (limit: number, windowSeconds: number) => (limit > 0 ? { limit, windowSeconds } : undefined);
  return {
    verify: { concurrent: settings.concurrentPerClient, crowdedAt: settings.concurrentPerClient * CROWDED_SHARES, rate: perWindow(settings.verifyPerMinute, 60) },
    statusImage: { concurrent: settings.concurrentPerClient, crowdedAt: settings.concurrentPerClient * CROWDED_SHARES },
    track: { concurrent: settings.concurrentPerClient, rate: perWindow(settings.trackPerMinute, 60) },
    support: { concurrent: settings.concurrentPerClient, rate: perWindow(settings.supportPerHour, 60 * 60) },
    sbr: { concurrent: settings.concurrentPerClient, rate: perWindow(120, 60) },
    ocsp: { concurrent: OCSP_CONCURRENT_PER_CLIENT },
    sign: { concurrent: settings.concurrentPerClient, crowdedAt: settings.concurrentPerClient * CROWDED_SHARES },
  };
}

/** The requests in progress a client over its share may have: a quarter of its share. */
export function overShareConcurrent(concurrent: number): number {
  return Math.max(1, Math.ceil(concurrent / 4));
}

/** Seconds a client over its concurrency limit is asked to wait: its requests finish quickly. */
export const IN_FLIGHT_RETRY_SECONDS = 1;

/**
 * How long a client refused on an endpoint counts as over its share there: it then has a quarter of
 * its concurrent slots, and its admitted requests yield the engine to clients that are not
 * (Admission.overShare), so a flooder held at its limit does not also take the server's thread and
 * workers from a client sending one request at a time.
 */
export const OVER_SHARE_SECONDS = 10;

export type Admission =
  | {
      admitted: true;
      release: () => void;
      /** The client was refused on this endpoint in the last OVER_SHARE_SECONDS when let in. */
      overShare: boolean;
      /**
       * Whether it is now: a flood's first requests, let in before the same client's next ones were
       * refused, then wait behind other clients' work too.
       */
      isOverShare: () => boolean;
    }
  | {
      admitted: false;
      reason: 'in_flight' | 'crowded' | 'rate';
      retryAfterSeconds: number;
      /** The client was over its share already before this refusal. */
      overShare: boolean;
    };

export interface PublicLimits {
  /** Lets one request of `client` in, or says how long to wait; never waits on the database. */
  admit(endpoint: PublicEndpoint, client: string): Admission;
  /** Whether `client` was refused on any endpoint, or a connection of it was, in the last OVER_SHARE_SECONDS. */
  isOverShare(client: string): boolean;
  /**
   * Notes that a connection of `client` was refused as it was accepted (http/connection-gate.ts): the
   * client is then over its share on every endpoint, as if it had been refused there.
   */
  noteRefusedConnection(client: string): void;
  /** Sends the last counts to the database (at shutdown). */
  close(): Promise<void>;
}

export function createPublicLimits(deps: { counter: SharedWindowCounter; inFlight?: InFlightLimiter; rules?: PublicLimitRules | undefined }): PublicLimits {
  const rules = deps.rules ?? DEFAULT_PUBLIC_LIMITS;
  const inFlight = deps.inFlight ?? createInFlightLimiter();
  // When each client (by endpoint) was last refused; entries older than OVER_SHARE_SECONDS are
  // dropped as the map grows, so it holds about the clients refused lately.
  const refusedAt = new Map<string, number>();
  const overShareMs = OVER_SHARE_SECONDS * 1000;
  // The same by client alone, whatever the endpoint (isOverShare), and when a connection of the
  // client was last refused before it reached an endpoint.
  const clientRefusedAt = new Map<string, number>();
  const connectionRefusedAt = new Map<string, number>();
  // Requests in progress per endpoint, all clients together (for crowdedAt), and those of clients over their share.
  const crowd = new Map<PublicEndpoint, number>();
  const overShareCrowd = new Map<PublicEndpoint, number>();
  const note = (refusals: Map<string, number>, key: string, now: number) => {
    if (refusals.size >= 10_000) for (const [stale, at] of refusals) if (now - at > overShareMs) refusals.delete(stale);
    refusals.delete(key); // re-inserted last: the map stays in order of refusal
    refusals.set(key, now);
  };
  const noteRefusal = (key: string, client: string) => {
    const now = Date.now();
    note(refusedAt, key, now);
    note(clientRefusedAt, client, now);
  };
  const isRecent = (refusals: Map<string, number>, key: string) => {
    const at = refusals.get(key);
    if (at === undefined) return false;
    if (Date.now() - at <= overShareMs) return true;
    refusals.delete(key);
    return false;
  };
  return {
    admit(endpoint, client) {
      const rule = rules[endpoint];
      const key = `${endpoint}:${client}`;
      // A client over its share keeps a quarter of its slots until it has been refused no more for
      // OVER_SHARE_SECONDS: the requests a flood still gets in cost the server's thread (reading,
      // hashing, answering) as much as the engine, which other clients need too.
      const isOverShare = () => isRecent(refusedAt, key) || isRecent(connectionRefusedAt, client);
      const overShare = isOverShare();
      const concurrent = overShare ? overShareConcurrent(rule.concurrent) : rule.concurrent;
      const inProgress = crowd.get(endpoint) ?? 0;
      if (rule.crowdedAt !== undefined && inProgress >= rule.crowdedAt && inFlight.inFlight(key) > 0) {
        noteRefusal(key, client);
        return { admitted: false, reason: 'crowded', retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS, overShare };
      }
      // Clients over their share have what the others leave on the endpoints that can be crowded: a
      // quarter share each from many addresses would otherwise still take most of the server (its
      // thread reads, hashes and looks up every image let in, in turn with everyone else's).
      const overShareInProgress = overShareCrowd.get(endpoint) ?? 0;
      const othersInProgress = inProgress - overShareInProgress;
      if (overShare && rule.crowdedAt !== undefined && overShareInProgress >= (othersInProgress > 0 ? 1 : rule.concurrent)) {
        noteRefusal(key, client);
        return { admitted: false, reason: 'crowded', retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS, overShare };
      }
      // The slot first: a request turned away for concurrency does not use up the client's rate.
      const release = inFlight.tryEnter(key, concurrent);
      if (!release) {
        noteRefusal(key, client);
        return { admitted: false, reason: 'in_flight', retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS, overShare };
      }
      if (rule.rate) {
        const decision = deps.counter.take(key, rule.rate);
        if (!decision.allowed) {
          release();
          noteRefusal(key, client);
          return { admitted: false, reason: 'rate', retryAfterSeconds: decision.retryAfterSeconds, overShare };
        }
      }
      crowd.set(endpoint, inProgress + 1);
      if (overShare) overShareCrowd.set(endpoint, overShareInProgress + 1);
      let released = false;
      const releaseBoth = () => {
        if (released) return;
        released = true;
        release();
        crowd.set(endpoint, (crowd.get(endpoint) ?? 1) - 1);
        if (overShare) overShareCrowd.set(endpoint, (overShareCrowd.get(endpoint) ?? 1) - 1);
      };
      return { admitted: true, release: releaseBoth, overShare, isOverShare };
    },
    isOverShare: (client) => isRecent(clientRefusedAt, client),
    noteRefusedConnection(client) {
      const now = Date.now();
      note(connectionRefusedAt, client, now);
      note(clientRefusedAt, client, now);
    },
    close: () => deps.counter.close(),
  };
}
