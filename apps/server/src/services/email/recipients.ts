// Who an account's email goes to: its address, unless the account is a demo account, whose address
// is made up on the demo domain and reaches nobody.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { users } from '../../db/schema/index.ts';

export async function accountRecipient(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email, isDemo: users.isDemo }).from(users).where(eq(users.id, userId)).limit(1);
  return row && !row.isDemo ? row.email : null;
}
