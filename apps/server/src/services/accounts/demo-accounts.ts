// Demo accounts: a generated, timestamped address on the demo domain with the
// configured fixed password and is_demo set. They and all their data are removed after 24 hours.
import crypto from 'node:crypto';
import type { TDemoAccountResponse } from '@provenance/contracts';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { sessions, users } from '../../db/schema/index.ts';
import type { AccountDeletion } from './account-deletion.ts';
import type { AccountProfile } from './account-profile.ts';
import type { Credentials } from './credentials.ts';

export const DEMO_ACCOUNT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface DemoAccounts {
  create(): Promise<TDemoAccountResponse>;
  /** Deletes demo accounts older than 24 hours at `now`; returns how many went. */
  removeExpired(now: Date): Promise<number>;
}

export interface DemoAccountsDeps {
  db: Db;
  credentials: Credentials;
  profile: AccountProfile;
  deletion: AccountDeletion;
  password: string;
  emailDomain: string;
}

export function createDemoAccounts(deps: DemoAccountsDeps): DemoAccounts {
  return {
    async create() {
      const email = `demo-${Date.now()}-${crypto.randomBytes(4).toString('hex')}@${deps.emailDomain}`;
      const account = await deps.credentials.createAccount(email, deps.password);
      await deps.db.update(users).set({ isDemo: true }).where(eq(users.id, account.userId));
      // The client signs in with the credentials itself, so no session is kept.
      await deps.db.delete(sessions).where(eq(sessions.userId, account.userId));
      return { email, password: deps.password, user: await deps.profile.getUser(account.userId) };
    },
    async removeExpired(now) {
      const cutoff = new Date(now.getTime() - DEMO_ACCOUNT_LIFETIME_MS);
      const expired = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isDemo, true), lt(users.createdAt, cutoff)));
      await deps.deletion.deleteAccounts(expired.map((row) => row.id));
      return expired.length;
    },
  };
}
