// The better-auth instance behind every account feature: users, scrypt password hashes and the
// server-side session store. Its HTTP handler is never mounted; our routes call `auth.api` and
// `auth.$context` and map the results to the product's contract.
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { Db } from '../../db/create-db.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';
import type { Logger } from '../../logging/logger.ts';

/** Lifetime of an access token (a better-auth session); the refresh token outlives it. */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

export interface CreateAuthOptions {
  db: Db;
  secret: string;
  publicUrl: string;
  logger: Logger;
}

export function createAuth(options: CreateAuthOptions) {
  return betterAuth({
    appName: 'Provenance Gateway',
    baseURL: options.publicUrl,
    basePath: '/api/v1/auth',
    secret: options.secret,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    user: {
      additionalFields: {
        isDemo: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      // Access tokens keep a fixed expiry; the product refreshes them with a refresh token instead.
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    // Our own database-backed limits cover sign-in, sign-up and demo creation (several copies share them).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Only signed tokens are accepted as bearers, so a leaked sessions table alone cannot sign anyone in.
    plugins: [bearer({ requireSignature: true })],
    logger: {
      log: (level, message) => {
        // Query errors carry their parameters (which may include hashes); keep only the head of the text.
        const detail = String(message).split(/params:/i)[0]?.slice(0, 300);
        if (level === 'error') options.logger.error('auth library error', { detail });
        else if (level === 'warn') options.logger.warn('auth library warning', { detail });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
