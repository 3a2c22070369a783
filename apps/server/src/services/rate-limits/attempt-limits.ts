// The product's limits on account attempts. Password checks (sign-in, and the current password asked
// again before an email change or a deletion) are counted per client address, and each (address,
// account) pair gets growing delays after a few failures; nothing locks an account for everyone, so
// an attacker elsewhere cannot keep its owner out. Sign-up is counted per address (it says whether an
// email is taken, so addresses must not probe freely), demo creation per address and per signed-in
// user. A tripped limit is a 429 with Retry-After. An address counts as the public limits count it
// (client-identity.ts): IPv6 per /64, so one subscriber's network is one client, not 2^64.
import { DomainError } from '../domain-error.ts';
import { sha256Hex } from '../tokens/opaque-tokens.ts';
import { clientIdentity } from './client-identity.ts';
import type { FailureStreaks, GrowingDelayRule } from './failure-streaks.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

export interface AttemptLimitRules {
  password: { perIp: RateLimitRule; perIpAndAccount: GrowingDelayRule };
  'sign-up': { perIp: RateLimitRule };
  demo: { perIp: RateLimitRule; perAccount: RateLimitRule };
}

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimitRules = {
  password: {
    perIp: { limit: 30, windowSeconds: 15 * 60 },
    perIpAndAccount: { freeFailures: 5, firstDelaySeconds: 2, maxDelaySeconds: 15 * 60, forgetAfterSeconds: 24 * 60 * 60 },
  },
  'sign-up': { perIp: { limit: 10, windowSeconds: 60 * 60 } },
  demo: { perIp: { limit: 5, windowSeconds: 60 * 60 }, perAccount: { limit: 5, windowSeconds: 60 * 60 } },
};

export interface PasswordAttemptSubjects {
  ip: string;
  /** The email tried at sign-in, or `user:<id>` when a signed-in user confirms their password. */
  account: string;
}

/** Error codes that mean "the password was wrong", which lengthen the (address, account) delay. */
const WRONG_PASSWORD_CODES = new Set(['invalid_credentials', 'invalid_current_password']);

export interface AttemptLimits {
  /** Counts a sign-up from `ip`; throws a rate_limited DomainError when the address is over its limit. */
  enforceSignUp(ip: string): Promise<void>;
  /** Counts a demo creation per address and per signed-in user (when there is one). */
  enforceDemo(subjects: { ip: string; userId?: string | undefined }): Promise<void>;
  /**
   * Runs one password check under the password limits: 429 while the address is over its limit or the
   * pair must still wait; a wrong password (a DomainError with a wrong-password code) adds to the pair's
   * failures, a right one clears them. Other errors change nothing.
   */
  guardPasswordCheck<T>(subjects: PasswordAttemptSubjects, check: () => Promise<T>): Promise<T>;
}

export function createAttemptLimits(limiter: RateLimiter, streaks: FailureStreaks, rules: AttemptLimitRules = DEFAULT_ATTEMPT_LIMITS): AttemptLimits {
  const refuseIfLimited = (waits: number[]) => {
    const positive = waits.filter((wait) => wait > 0);
    if (positive.length > 0) throw DomainError.rateLimited(Math.max(...positive));
  };
  const waitOf = async (key: string, rule: RateLimitRule) => {
    const decision = await limiter.hit(key, rule);
    return decision.allowed ? 0 : decision.retryAfterSeconds;
  };

  return {
    async enforceSignUp(ip) {
      refuseIfLimited([await waitOf(`sign-up:${clientIdentity({ ip })}`, rules['sign-up'].perIp)]);
    },
    async enforceDemo({ ip, userId }) {
      const checks = [waitOf(`demo:${clientIdentity({ ip })}`, rules.demo.perIp)];
      if (userId) checks.push(waitOf(`demo:account:${userId}`, rules.demo.perAccount));
      refuseIfLimited(await Promise.all(checks));
    },
    async guardPasswordCheck<T>(subjects: PasswordAttemptSubjects, check: () => Promise<T>): Promise<T> {
      const rule = rules.password;
      const client = clientIdentity({ ip: subjects.ip });
      // The counter table keeps a hash, not the email address itself.
      const pairKey = `password:ip-account:${sha256Hex(`${client}\n${subjects.account.trim().toLowerCase()}`)}`;
      // The pair's delay is read before the address is counted, so a waiting pair is not charged twice.
      refuseIfLimited([await streaks.waitSeconds(pairKey, rule.perIpAndAccount)]);
      // Every attempt counts for the address, before the check, so parallel bursts are bounded too.
      refuseIfLimited([await waitOf(`password:${client}`, rule.perIp)]);
      let result: T;
      try {
        result = await check();
      } catch (error) {
        if (error instanceof DomainError && WRONG_PASSWORD_CODES.has(error.code)) await streaks.recordFailure(pairKey, rule.perIpAndAccount);
        throw error;
      }
      await streaks.clear(pairKey);
      return result;
    },
  };
}
