// Builds every service of the server from its dependencies. The only wiring place besides main.ts;
// routes receive the result and never construct services themselves.
import type { Db } from '../db/create-db.ts';
import type { Logger } from '../logging/logger.ts';
import { createAccountDeletion, type AccountDeletion } from './accounts/account-deletion.ts';
import { createAccountProfile, type AccountProfile } from './accounts/account-profile.ts';
import { createCredentials, type Credentials } from './accounts/credentials.ts';
import { createDemoAccounts, type DemoAccounts } from './accounts/demo-accounts.ts';
import { createApiKeys, type ApiKeys } from './api-keys/api-keys.ts';
import { createAccountResolver, type AccountResolver } from './auth/account-resolver.ts';
import { createAuth, type Auth } from './auth/create-auth.ts';
import { createProductSessions, type ProductSessions } from './auth/product-sessions.ts';
import { createNotificationPreferences, type NotificationPreferences } from './notifications/notification-preferences.ts';
import { createAttemptLimits, DEFAULT_ATTEMPT_LIMITS, type AttemptLimitRules, type AttemptLimits } from './rate-limits/attempt-limits.ts';
import { createFailureStreaks } from './rate-limits/failure-streaks.ts';
import { createPublicLimits, type PublicLimitRules, type PublicLimits } from './rate-limits/public-limits.ts';
import { createRateLimiter, type RateLimiter } from './rate-limits/rate-limiter.ts';
import { createSharedWindowCounter } from './rate-limits/shared-window-counter.ts';
import { createSupportRequests, type SupportRequests } from './support/support-requests.ts';

export interface ServiceDeps {
  db: Db;
  logger: Logger;
  /** Signs session tokens; the same on every server copy. */
  authSecret: string;
  publicUrl: string;
  demoPassword: string;
  demoEmailDomain: string;
  attemptLimits?: AttemptLimitRules;
  /** Fair share of the public endpoints per client; DEFAULT_PUBLIC_LIMITS when absent. */
  publicLimits?: PublicLimitRules | undefined;
  clock?: () => Date;
}

export interface Services {
  auth: Auth;
  sessions: ProductSessions;
  credentials: Credentials;
  profile: AccountProfile;
  /** Register hooks here for data kept outside the database (asset files) that must go with an account. */
  accountDeletion: AccountDeletion;
  demoAccounts: DemoAccounts;
  apiKeys: ApiKeys;
  accountResolver: AccountResolver;
  notificationPreferences: NotificationPreferences;
  supportRequests: SupportRequests;
  rateLimiter: RateLimiter;
  attemptLimits: AttemptLimits;
  /** Per-client concurrency and rate limits of verify, track, support and badge. */
  publicLimits: PublicLimits;
}

export function createServices(deps: ServiceDeps): Services {
  const auth = createAuth({ db: deps.db, secret: deps.authSecret, publicUrl: deps.publicUrl, logger: deps.logger });
  const accountDeletion = createAccountDeletion(deps.db);
  const profile = createAccountProfile(deps.db, accountDeletion);
  const apiKeys = createApiKeys(deps.db);
  const sessions = createProductSessions({ db: deps.db, auth, secret: deps.authSecret, toUser: profile.getUser });
  const credentials = createCredentials({ db: deps.db, auth, sessions, apiKeys });
  const rateLimiter = createRateLimiter(deps.db, deps.clock);
  return {
    auth,
    sessions,
    credentials,
    profile,
    accountDeletion,
    demoAccounts: createDemoAccounts({
      db: deps.db,
      credentials,
      profile,
      deletion: accountDeletion,
      password: deps.demoPassword,
      emailDomain: deps.demoEmailDomain,
    }),
    apiKeys,
    accountResolver: createAccountResolver({ auth, apiKeys }),
    notificationPreferences: createNotificationPreferences(deps.db),
    supportRequests: createSupportRequests(deps.db),
    rateLimiter,
    publicLimits: createPublicLimits({ counter: createSharedWindowCounter({ db: deps.db, clock: deps.clock, logger: deps.logger }), rules: deps.publicLimits }),
    attemptLimits: createAttemptLimits(rateLimiter, createFailureStreaks(deps.db, deps.clock), deps.attemptLimits ?? DEFAULT_ATTEMPT_LIMITS),
  };
}
