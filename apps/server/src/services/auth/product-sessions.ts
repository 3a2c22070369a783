// Product sessions on top of better-auth sessions: the access token is a signed better-auth session
// token (short-lived, revocable in the sessions table), the refresh token is ours, stored hashed and
// rotated on every use. Deleting the better-auth session deletes its refresh token (FK cascade).
import type { TSession, TUser } from '@provenance/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { refreshTokens, sessions } from '../../db/schema/index.ts';
import { DomainError } from '../domain-error.ts';
import type { Auth } from './create-auth.ts';
import { randomToken, sha256Hex } from '../tokens/opaque-tokens.ts';
import { signSessionToken } from './session-token.ts';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export interface ProductSessionsDeps {
  db: Db;
  auth: Auth;
  secret: string;
  toUser: (userId: string) => Promise<TUser>;
}

export interface ProductSessions {
  /** Wraps a better-auth session (by its raw token) into the product's session with a new refresh token. */
  issue(sessionToken: string, userId: string): Promise<TSession>;
  /** Starts a new better-auth session for the user and returns it as a product session. */
  start(userId: string): Promise<TSession>;
  /** Exchanges a refresh token for a new session; the old session and refresh token stop working. */
  refresh(refreshToken: string): Promise<TSession>;
  /** Deletes a session by id (sign-out). */
  revoke(sessionId: string): Promise<void>;
}

export function createProductSessions(deps: ProductSessionsDeps): ProductSessions {
  const issue = async (sessionToken: string, userId: string): Promise<TSession> => {
    const ctx = await deps.auth.$context;
    const found = await ctx.internalAdapter.findSession(sessionToken);
    if (!found || found.session.userId !== userId) throw DomainError.unauthenticated('Session not found');
    const refreshToken = randomToken();
    await deps.db.insert(refreshTokens).values({
      tokenHash: sha256Hex(refreshToken),
      sessionId: found.session.id,
      userId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return {
      access_token: signSessionToken(found.session.token, deps.secret),
      refresh_token: refreshToken,
      expires_at: Math.floor(found.session.expiresAt.getTime() / 1000),
      user: await deps.toUser(userId),
    };
  };

  const start = async (userId: string): Promise<TSession> => {
    const ctx = await deps.auth.$context;
    const session = await ctx.internalAdapter.createSession(userId);
    return issue(session.token, userId);
  };

  return {
    issue,
    start,
    async refresh(refreshToken) {
      // Deleting first makes the exchange single-use even when two refreshes race.
      const [used] = await deps.db
        .delete(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, sha256Hex(refreshToken)), gt(refreshTokens.expiresAt, new Date())))
        .returning();
      if (!used) throw DomainError.unauthenticated('Refresh token is invalid or revoked');
      await deps.db.delete(sessions).where(eq(sessions.id, used.sessionId));
      return start(used.userId);
    },
    async revoke(sessionId) {
      await deps.db.delete(sessions).where(eq(sessions.id, sessionId));
    },
  };
}
