// How often an account's content arrives stripped of its credentials: verification events of files
// without credentials that the manifest repository matched to one of the account's manifests, by
// method and by the site whose page asked (a badge's origin).
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { verificationEvents } from '../../db/schema/index.ts';

export interface StrippedSummary {
  count: number;
  byMethod: { 'exact-hash': number; fingerprint: number };
  topReferrers: { referrer: string; count: number }[];
}

export interface StrippedCopies {
  /** The account's recovered copies; the caller has written queued events first. */
  summary(ownerUserId: string): Promise<StrippedSummary>;
}

const TOP_REFERRERS = 5;

export function createStrippedCopies(db: Db): StrippedCopies {
  const e = verificationEvents;
  return {
    async summary(ownerUserId) {
      const recovered = and(eq(e.ownerUserId, ownerUserId), isNotNull(e.recoveryMethod));
      const [methods, referrers] = await Promise.all([
        db.select({ method: e.recoveryMethod, total: count() }).from(e).where(recovered).groupBy(e.recoveryMethod),
        db
          .select({ referrer: e.referrer, total: count() })
          .from(e)
          .where(and(recovered, isNotNull(e.referrer)))
          .groupBy(e.referrer)
          .orderBy(desc(count()), e.referrer)
          .limit(TOP_REFERRERS),
      ]);
      const of = (method: 'exact-hash' | 'fingerprint') => methods.find((row) => row.method === method)?.total ?? 0;
      const byMethod = { 'exact-hash': of('exact-hash'), fingerprint: of('fingerprint') };
      return { count: byMethod['exact-hash'] + byMethod.fingerprint, byMethod, topReferrers: referrers.map((row) => ({ referrer: row.referrer!, count: row.total })) };
    },
  };
}
