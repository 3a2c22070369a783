// The product's limits on account attempts: sign-in, sign-up and demo creation, each counted per
// client IP and per account (the email tried, or the signed-in user). A tripped limit is a 429.
import { ApiError } from '../../http/api-error.ts';
import { sha256Hex } from '../auth/token-hash.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

export type LimitedAction = 'sign-in' | 'sign-up' | 'demo';

export type AttemptLimitRules = Record<LimitedAction, { perIp: RateLimitRule; perAccount: RateLimitRule }>;

export const DEFAULT_ATTEMPT_LIMITS: AttemptLimitRules = {
  'sign-in': { perIp: { limit: 30, windowSeconds: 15 * 60 }, perAccount: { limit: 10, windowSeconds: 15 * 60 } },
  'sign-up': { perIp: { limit: 10, windowSeconds: 60 * 60 }, perAccount: { limit: 5, windowSeconds: 60 * 60 } },
  demo: { perIp: { limit: 5, windowSeconds: 60 * 60 }, perAccount: { limit: 5, windowSeconds: 60 * 60 } },
};

export interface AttemptSubjects {
  ip: string;
  /** The email tried (sign-in, sign-up) or the signed-in user id (demo); absent when unknown. */
  account?: string | undefined;
}

export interface AttemptLimits {
  /** Counts the attempt; throws a 429 ApiError with Retry-After seconds when a limit is exceeded. */
  enforce(action: LimitedAction, subjects: AttemptSubjects): Promise<void>;
}

export function createAttemptLimits(limiter: RateLimiter, rules: AttemptLimitRules = DEFAULT_ATTEMPT_LIMITS): AttemptLimits {
  return {
    async enforce(action, subjects) {
      const rule = rules[action];
      const checks = [limiter.hit(`${action}:ip:${subjects.ip}`, rule.perIp)];
      // The counter table keeps a hash, not the email address itself.
      if (subjects.account) checks.push(limiter.hit(`${action}:account:${sha256Hex(subjects.account.trim().toLowerCase())}`, rule.perAccount));
      const decisions = await Promise.all(checks);
      const waits = decisions.flatMap((decision) => (decision.allowed ? [] : [decision.retryAfterSeconds]));
      if (waits.length > 0) throw ApiError.rateLimited(Math.max(...waits));
    },
  };
}
