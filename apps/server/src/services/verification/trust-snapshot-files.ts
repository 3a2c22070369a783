// A kept trust snapshot as a client reads it (GET /trust/snapshots/{id}, an evidence archive's
// trust-snapshot.json): its ID and its lists with their certificates, each list named with the
// SHA-256 of its text as verification.evidence.trustSnapshot names it. Both are the engine's own
// (createTrustStore's snapshot) over the kept lists, so the file says what the answer said.
import { createTrustStore } from '@provenance/engine';
import type { TTrustSnapshot } from '@provenance/contracts';
import { DomainError } from '../domain-error.ts';
import type { TrustSnapshots } from '../trust/trust-snapshots.ts';

export interface TrustSnapshotFiles {
  /** The snapshot kept under this ID, whole; null when this gateway never answered under it. */
  find(id: string): Promise<TTrustSnapshot | null>;
  /** The same, 404 when unknown. */
  get(id: string): Promise<TTrustSnapshot>;
}

export function createTrustSnapshotFiles(deps: { trustSnapshots: TrustSnapshots }): TrustSnapshotFiles {
  async function find(id: string): Promise<TTrustSnapshot | null> {
    const lists = await deps.trustSnapshots.find(id);
    if (!lists) return null;
    const { snapshot } = createTrustStore(lists);
    return {
      id: snapshot.id,
      lists: lists.map((list, index) => ({
        name: list.name,
        tier: list.tier,
        purpose: list.purpose ?? 'signers',
        source: list.source ?? null,
        retrievedAt: list.retrievedAt ?? null,
        sha256: snapshot.lists[index]!.sha256,
        pems: [...list.pems],
      })),
    };
  }
  return {
    find,
    async get(id) {
      const snapshot = await find(id);
      if (!snapshot) throw DomainError.notFound(`No trust snapshot ${id}: this gateway never answered under it`);
      return snapshot;
    },
  };
}
