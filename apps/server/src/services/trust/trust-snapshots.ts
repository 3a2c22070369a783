// Every set of trust lists a verification answered under, kept by its snapshot ID (the engine's
// TrustSnapshot.id, which each answer carries in verification.evidence.trustSnapshot), so that an
// earlier verification can be made again under exactly the same lists (POST /verify-content with
// trustSnapshot). Content-addressed: a set is written once, and never changed or removed.
import { createTrustStore, type TrustList } from '@provenance/engine';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/create-db.ts';
import { trustSnapshots, type KeptTrustList } from '../../db/schema/index.ts';
import type { Engine } from '../engine/engine.ts';

export interface TrustSnapshots {
  /** Keeps the lists in force under their snapshot ID (once per ID and process; a repeat costs nothing). */
  keepInForce(): Promise<void>;
  /** A kept snapshot's lists, or null when this gateway never answered under that ID. */
  find(id: string): Promise<TrustList[] | null>;
}

export function createTrustSnapshots(deps: { db: Db; engine: Pick<Engine, 'trust' | 'trustLists'> }): TrustSnapshots {
  const { db, engine } = deps;
  const kept = new Set<string>();
  return {
    async keepInForce() {
      if (kept.has(engine.trust.snapshot.id)) return;
      const lists = engine.trustLists();
      // The ID of the lists themselves: while the trust is being replaced, the store in force and
      // its lists may be a moment apart, and a set is only ever kept under its own ID.
      const id = createTrustStore(lists).snapshot.id;
      const rows: KeptTrustList[] = lists.map((list) => ({ name: list.name, tier: list.tier, purpose: list.purpose ?? 'signers', source: list.source ?? null, retrievedAt: list.retrievedAt ?? null, pems: [...list.pems] }));
      await db.insert(trustSnapshots).values({ id, lists: rows }).onConflictDoNothing();
      kept.add(id);
    },
    async find(id) {
      const [row] = await db.select({ lists: trustSnapshots.lists }).from(trustSnapshots).where(eq(trustSnapshots.id, id)).limit(1);
      return row ? row.lists.map((list) => ({ name: list.name, tier: list.tier, purpose: list.purpose, source: list.source, retrievedAt: list.retrievedAt, pems: list.pems })) : null;
    },
  };
}
