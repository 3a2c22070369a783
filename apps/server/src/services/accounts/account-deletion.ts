// The one way accounts are deleted (self-service deletion and the 24-hour demo cleanup). Database
// rows go by ON DELETE CASCADE; data kept outside the database (signed files in the asset store)
// is removed by hooks other services register, which run first while the rows still say what to remove.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { users } from '../../db/schema/index.ts';

export type AccountDeletionHook = (userIds: readonly string[]) => Promise<void>;

export interface AccountDeletion {
  /** Registers work to do before accounts are deleted, e.g. removing their files. */
  onDeleting(hook: AccountDeletionHook): void;
  deleteAccounts(userIds: readonly string[]): Promise<void>;
}

export function createAccountDeletion(db: Db): AccountDeletion {
  const hooks: AccountDeletionHook[] = [];
  return {
    onDeleting(hook) {
      hooks.push(hook);
    },
    async deleteAccounts(userIds) {
      if (userIds.length === 0) return;
      for (const hook of hooks) await hook(userIds);
      await db.delete(users).where(inArray(users.id, [...userIds]));
    },
  };
}
