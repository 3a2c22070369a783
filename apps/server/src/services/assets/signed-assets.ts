// Repository of the assets the gateway signed: one row per signed file, owned by an account.
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { signedAssets, verificationEvents } from '../../db/schema/index.ts';

export type SignedAssetRow = typeof signedAssets.$inferSelect;
export type NewSignedAsset = typeof signedAssets.$inferInsert;

export interface SignedAssetWithStats extends SignedAssetRow {
  verificationCount: number;
  lastStatus: 'verified' | 'partial' | 'invalid' | 'unsigned' | null;
}

export interface SignedAssets {
  insert(row: NewSignedAsset): Promise<void>;
  findById(id: string): Promise<SignedAssetRow | null>;
  findByManifestId(manifestId: string): Promise<SignedAssetRow | null>;
  /** By our asset ID or by manifest ID: what badges and analytics events name. */
  findByRef(ref: string): Promise<SignedAssetRow | null>;
  listForUser(userId: string, limit: number): Promise<SignedAssetWithStats[]>;
  countForUser(userId: string): Promise<number>;
  /** Every signed asset's ID, for the orphan sweep to compare with the asset store. */
  listIds(): Promise<Set<string>>;
}

/** `pendingEvents`: verification events written behind (verification-events.ts), flushed before counting. */
export function createSignedAssets(db: Db, pendingEvents: { flush(): Promise<void> } = { flush: async () => undefined }): SignedAssets {
  const first = async (where: ReturnType<typeof eq>) => (await db.select().from(signedAssets).where(where).limit(1))[0] ?? null;
  return {
    async insert(row) {
      await db.insert(signedAssets).values(row);
    },
    findById: (id) => first(eq(signedAssets.id, id)),
    findByManifestId: (manifestId) => first(eq(signedAssets.manifestId, manifestId)),
    async findByRef(ref) {
      return (await db.select().from(signedAssets).where(or(eq(signedAssets.id, ref), eq(signedAssets.manifestId, ref))).limit(1))[0] ?? null;
    },
    async listForUser(userId, limit) {
      // Drizzle writes columns of a one-table query without their table, so inside these subqueries
      // a bare "id" would be verification_events.id: the outer row is named in full.
      const outerId = sql.raw('"signed_assets"."id"');
      await pendingEvents.flush();
      const rows = await db
        .select({
          asset: signedAssets,
          verificationCount: sql<number>`(select count(*) from ${verificationEvents} where ${verificationEvents.signedAssetId} = ${outerId})`.mapWith(Number),
          lastStatus: sql<string | null>`(select ${verificationEvents.status} from ${verificationEvents} where ${verificationEvents.signedAssetId} = ${outerId} order by ${verificationEvents.createdAt} desc limit 1)`,
        })
        .from(signedAssets)
        .where(eq(signedAssets.userId, userId))
        .orderBy(desc(signedAssets.createdAt))
        .limit(limit);
      return rows.map((row) => ({ ...row.asset, verificationCount: row.verificationCount, lastStatus: row.lastStatus as SignedAssetWithStats['lastStatus'] }));
    },
    async countForUser(userId) {
      const [row] = await db.select({ total: count() }).from(signedAssets).where(and(eq(signedAssets.userId, userId)));
      return row?.total ?? 0;
    },
    async listIds() {
      return new Set((await db.select({ id: signedAssets.id }).from(signedAssets)).map((row) => row.id));
    },
  };
}
