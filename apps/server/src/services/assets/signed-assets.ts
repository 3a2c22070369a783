// Database access for the assets the gateway signed: one row per signed file, owned by an account.
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { signedAssets } from '../../db/schema/index.ts';

export type SignedAssetRow = typeof signedAssets.$inferSelect;
export type NewSignedAsset = typeof signedAssets.$inferInsert;

export interface SignedAssetWithStats extends SignedAssetRow {
  /** Verifications of its manifest by anyone, of the file or of copies (never its own verdict: that is its stored file verified now). */
  verificationCount: number;
}

export interface SignedAssets {
  insert(row: NewSignedAsset): Promise<void>;
  findById(id: string): Promise<SignedAssetRow | null>;
  /** By the manifest it was signed with, or the update manifest a timestamp added later. */
  findByManifestId(manifestId: string): Promise<SignedAssetRow | null>;
  /** By our asset ID or by manifest ID: what badges and analytics events name. */
  findByRef(ref: string): Promise<SignedAssetRow | null>;
  /** The asset whose original or signed file (or the signed file a timestamp replaced) has this SHA-256 (lowercase hex), the most recent first. */
  findByHash(sha256: string): Promise<SignedAssetRow | null>;
  /** The account's assets, newest first; with `after` (an asset ID), those listed after it. */
  listForUser(userId: string, limit: number, after?: string): Promise<SignedAssetWithStats[]>;
  countForUser(userId: string): Promise<number>;
  /** Every signed asset's ID, for the orphan sweep to compare with the asset store. */
  listIds(): Promise<Set<string>>;
}

/**
 * The verification counts of listed assets, as verification-events.ts answers them: it
 * writes its queued events before it counts. Stated here rather than imported so that assets do not
 * depend on the verification folder, which depends on them.
 */
export interface AssetVerificationCounts {
  statsForAssets(signedAssetIds: string[]): Promise<Map<string, { verificationCount: number }>>;
}

export function createSignedAssets(db: Db, verificationCounts: AssetVerificationCounts): SignedAssets {
  const first = async (where: SQL | undefined) => (await db.select().from(signedAssets).where(where).limit(1))[0] ?? null;
  return {
    async insert(row) {
      await db.insert(signedAssets).values(row);
    },
    findById: (id) => first(eq(signedAssets.id, id)),
    // A timestamp added later made an update manifest the served file's active one: it names the asset too.
    findByManifestId: (manifestId) => first(or(eq(signedAssets.manifestId, manifestId), eq(signedAssets.timestampManifestId, manifestId))),
    async findByRef(ref) {
      return (await db.select().from(signedAssets).where(or(eq(signedAssets.id, ref), eq(signedAssets.manifestId, ref), eq(signedAssets.timestampManifestId, ref))).limit(1))[0] ?? null;
    },
    async findByHash(sha256) {
      const [row] = await db
        .select()
        .from(signedAssets)
        .where(or(eq(signedAssets.signedAssetHash, sha256), eq(signedAssets.assetHash, sha256), eq(signedAssets.previousSignedAssetHash, sha256)))
        .orderBy(desc(signedAssets.createdAt))
        .limit(1);
      return row ?? null;
    },
    async listForUser(userId, limit, after) {
      // Keyset: the rows after the named one in (created_at, id) order, exact whatever the timestamps' precision.
      const afterRow = after ? sql`(${signedAssets.createdAt}, ${signedAssets.id}) < (select ${signedAssets.createdAt}, ${signedAssets.id} from ${signedAssets} where ${signedAssets.id} = ${after} and ${signedAssets.userId} = ${userId})` : undefined;
      const rows = await db
        .select()
        .from(signedAssets)
        .where(and(eq(signedAssets.userId, userId), afterRow))
        .orderBy(desc(signedAssets.createdAt), desc(signedAssets.id))
        .limit(limit);
      const stats = await verificationCounts.statsForAssets(rows.map((row) => row.id));
      return rows.map((row) => ({ ...row, verificationCount: stats.get(row.id)?.verificationCount ?? 0 }));
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
