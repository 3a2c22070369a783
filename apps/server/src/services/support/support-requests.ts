// Support requests from the Contact Support form: stored with a reference number (SR-<year>-<number>)
// and, when sent by a signed-in user, attached to their account so they can list them.
import type { TCreateSupportRequest, TSupportRequest, TSupportRequestReceipt } from '@provenance/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { supportRequests } from '../../db/schema/index.ts';

export interface SupportRequests {
  create(request: TCreateSupportRequest, userId: string | undefined): Promise<TSupportRequestReceipt>;
  listForAccount(userId: string): Promise<TSupportRequest[]>;
}

type SupportRequestRow = typeof supportRequests.$inferSelect;

export function supportReference(number: number, createdAt: Date): string {
  return `SR-${createdAt.getUTCFullYear()}-${String(number).padStart(6, '0')}`;
}

function toReceipt(row: SupportRequestRow): TSupportRequestReceipt {
  return { id: row.id, reference: supportReference(row.number, row.createdAt), status: row.status, createdAt: row.createdAt.toISOString() };
}

export function createSupportRequests(db: Db): SupportRequests {
  return {
    async create(request, userId) {
      const [row] = await db
        .insert(supportRequests)
        .values({ ...request, userId: userId ?? null })
        .returning();
      if (!row) throw new Error('Support request insert returned no row');
      return toReceipt(row);
    },
    async listForAccount(userId) {
      const rows = await db
        .select()
        .from(supportRequests)
        .where(eq(supportRequests.userId, userId))
        .orderBy(desc(supportRequests.createdAt), desc(supportRequests.number));
      return rows.map((row) => ({ ...toReceipt(row), name: row.name, email: row.email, subject: row.subject, message: row.message }));
    },
  };
}
