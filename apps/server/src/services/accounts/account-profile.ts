// The signed-in user's own account: read it, change its email, delete it with all its data.
// Every row that belongs to a user references it with ON DELETE CASCADE, so one delete removes
// sessions, refresh tokens, password hash, API keys, preferences, support requests and later
// manifests and verification events.
import type { TUser } from '@provenance/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { users } from '../../db/schema/index.ts';
import { DomainError } from '../domain-error.ts';
import type { AccountDeletion } from './account-deletion.ts';

export interface AccountProfile {
  getUser(userId: string): Promise<TUser>;
  updateEmail(userId: string, email: string): Promise<TUser>;
  deleteAccount(userId: string): Promise<void>;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createAccountProfile(db: Db, deletion: AccountDeletion): AccountProfile {
  const getUser = async (userId: string): Promise<TUser> => {
    const [row] = await db
      .select({ id: users.id, email: users.email, isDemo: users.isDemo })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) throw DomainError.unauthenticated('Account not found');
    return { id: row.id, email: row.email, is_demo: row.isDemo };
  };

  return {
    getUser,
    async updateEmail(userId, email) {
      const normalized = normalizeEmail(email);
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, normalized), ne(users.id, userId)))
        .limit(1);
      if (taken) throw DomainError.conflict('An account with this email already exists');
      try {
        await db.update(users).set({ email: normalized, emailVerified: false, updatedAt: new Date() }).where(eq(users.id, userId));
      } catch (error) {
        // Two accounts racing for the same address: the unique index decides.
        if (isUniqueViolation(error)) throw DomainError.conflict('An account with this email already exists');
        throw error;
      }
      return getUser(userId);
    },
    async deleteAccount(userId) {
      await deletion.deleteAccounts([userId]);
    },
  };
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && current.code === '23505') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
