// Every set of trust lists a verification was made under, kept by its snapshot ID (the SHA-256 over
// its anchors, the engine's TrustSnapshot.id): content-addressed, written once, never changed, so a
// verification can be made again under exactly the lists an earlier one used.
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** A list as kept: what the engine's TrustList holds, its PEM texts included. */
export interface KeptTrustList {
  name: string;
  tier: 'conformant' | 'legacy' | 'custom' | 'gateway';
  purpose: 'signers' | 'timestamps';
  source: string | null;
  retrievedAt: string | null;
  pems: string[];
}

export const trustSnapshots = pgTable('trust_snapshots', {
  id: text('id').primaryKey(),
  lists: jsonb('lists').$type<KeptTrustList[]>().notNull(),
  createdAt: createdAt(),
});
