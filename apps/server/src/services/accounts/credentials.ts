// Email and password credentials through better-auth: accounts made (a confirmed sign-up's, a demo
// account's), sign-in, password change and the current password asked again before account changes.
// Passwords are hashed by better-auth's default scrypt (memory-hard); this module only hands hashes
// to better-auth's own hash and verify.
import type { TSession } from '@provenance/contracts';
import { isAPIError } from 'better-auth/api';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { DomainError } from '../domain-error.ts';
import type { Auth } from '../auth/create-auth.ts';
import type { ProductSessions } from '../auth/product-sessions.ts';
import type { ApiKeys } from '../api-keys/api-keys.ts';
import { normalizeEmail } from './account-profile.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';

export interface Credentials {
  /** Creates the account with its API keys (demo accounts); returns the new user's id and better-auth session token. */
  createAccount(email: string, password: string): Promise<{ userId: string; sessionToken: string }>;
  /** Creates the account of a confirmed sign-up, its address confirmed, with the password hash the sign-up stored; returns its id. */
  createConfirmedAccount(email: string, passwordHash: string): Promise<string>;
  /** Throws a 400 for a password an attacker tries first: a common one, or the address itself. */
  refuseWeakPassword(password: string, email: string, field: 'Password' | 'New password'): void;
  /** The stored form of a password (scrypt), as better-auth hashes it. */
  hashPassword(password: string): Promise<string>;
  /** Unknown email and wrong password fail alike (better-auth hashes the password either way). */
  signIn(email: string, password: string): Promise<TSession>;
  /** Throws `invalid_current_password` unless `password` is the account's password. */
  confirmPassword(userId: string, password: string): Promise<void>;
  /**
   * Checks the current password, sets the new one, signs out every other session (all of them
   * without `keepSessionId`) and revokes the account's API keys: a password changed because it
   * leaked must not leave a key made with it working (a new key of each type is made, unseen, to
   * regenerate when a script needs one).
   */
  changePassword(userId: string, currentPassword: string, newPassword: string, options?: ChangePasswordOptions): Promise<void>;
}

export interface ChangePasswordOptions {
  keepSessionId?: string | undefined;
}

export interface CredentialsDeps {
  db: Db;
  auth: Auth;
  sessions: ProductSessions;
  apiKeys: ApiKeys;
}

export function createCredentials(deps: CredentialsDeps): Credentials {
  const createAccount = async (email: string, password: string) => {
    const normalized = normalizeEmail(email);
    let result: { token: string | null; user: { id: string } };
    try {
      result = await deps.auth.api.signUpEmail({ body: { email: normalized, password, name: normalized } });
    } catch (error) {
      if (isAPIError(error) && error.statusCode === 422) throw DomainError.conflict('An account with this email already exists');
      if (isAPIError(error) && error.statusCode === 400) throw DomainError.invalid(error.message);
      throw error;
    }
    if (!result.token) throw new Error('Sign-up did not start a session');
    try {
      await deps.apiKeys.createInitial(result.user.id);
    } catch (error) {
      await deps.db.delete(users).where(eq(users.id, result.user.id));
      throw error;
    }
    return { userId: result.user.id, sessionToken: result.token };
  };

  const confirmPassword = async (userId: string, password: string) => {
    const ctx = await deps.auth.$context;
    const credential = (await ctx.internalAdapter.findAccounts(userId)).find((account) => account.providerId === 'credential');
    const valid = credential?.password ? await ctx.password.verify({ hash: credential.password, password }) : false;
    // 403 rather than 401: the session is fine, and clients treat a 401 as an expired session.
    if (!valid) throw new DomainError('forbidden', 'invalid_current_password', 'Current password is incorrect');
  };

  /** Refuses what an attacker tries first: a common password, or the account's own email. */
  const refuseWeakPassword = (password: string, email: string, field: 'Password' | 'New password') => {
    if (isCommonPassword(password)) throw DomainError.invalid(COMMON_PASSWORD_MESSAGE);
    if (normalizeEmail(password) === normalizeEmail(email)) throw DomainError.invalid(`${field} must not be the account's email address`);
  };

  return {
    createAccount,
    async createConfirmedAccount(email, passwordHash) {
      const ctx = await deps.auth.$context;
      const normalized = normalizeEmail(email);
      const user = await ctx.internalAdapter.createUser({ email: normalized, name: normalized, emailVerified: true }, { method: 'email-password' });
      try {
        // What better-auth's own sign-up links: the credential account holding the scrypt hash.
        await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: passwordHash });
        await deps.apiKeys.createInitial(user.id);
      } catch (error) {
        await deps.db.delete(users).where(eq(users.id, user.id));
        throw error;
      }
      return user.id;
    },
    refuseWeakPassword,
    async hashPassword(password) {
      return (await deps.auth.$context).password.hash(password);
    },
    async signIn(email, password) {
      let result: { token: string; user: { id: string } };
      try {
        result = await deps.auth.api.signInEmail({ body: { email: normalizeEmail(email), password } });
      } catch (error) {
        // Unknown email, malformed email and wrong password all look the same to the caller.
        if (isAPIError(error) && error.statusCode < 500) throw DomainError.invalidCredentials();
        throw error;
      }
      return deps.sessions.issue(result.token, result.user.id);
    },
    confirmPassword,
    async changePassword(userId, currentPassword, newPassword, options = {}) {
      const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      refuseWeakPassword(newPassword, user?.email ?? '', 'New password');
      await confirmPassword(userId, currentPassword);
      const ctx = await deps.auth.$context;
      await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash(newPassword));
      const { keepSessionId } = options;
      await deps.db
        .delete(sessions)
        .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
      await deps.apiKeys.revokeAll(userId);
    },
  };
}
