// Support requests from the Contact Support form: stored with a reference number (SR-<year>-<number>)
// and, when sent by a signed-in user, attached to their account so they can list them. Once stored,
// a request is handed on (the email to support and the sender's acknowledgement); a failure there is
// reported and does not undo the request, which the sender already has a reference for.
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

export interface SupportRequestHooks {
  /** Runs after a request is stored (queues its emails). */
  onCreated?: (request: TCreateSupportRequest, receipt: TSupportRequestReceipt, userId: string | undefined) => Promise<void>;
  onHookError?: (error: unknown, receipt: TSupportRequestReceipt) => void;
}

export function createSupportRequests(db: Db, hooks: SupportRequestHooks = {}): SupportRequests {
  return {
    async create(request, userId) {
      const [row] = await db
        .insert(supportRequests)
        .values({ ...request, userId: userId ?? null })
        .returning();
      if (!row) throw new Error('Support request insert returned no row');
      const receipt = toReceipt(row);
      if (hooks.onCreated) await hooks.onCreated(request, receipt, userId).catch((error: unknown) => hooks.onHookError?.(error, receipt));
      return receipt;
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
