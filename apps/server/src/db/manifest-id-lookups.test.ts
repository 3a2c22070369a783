import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../testing/test-databases.ts';
import type { DbHandle } from './create-db.ts';

// Tracking an event for an asset we did not sign counts its verifications by manifest ID; signed
// assets are found by manifest ID on every verification by manifest and every badge.
describe.each(testDatabaseKinds())('lookups by manifest ID on %s', (kind) => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database.close());

  const planOf = async (query: string): Promise<string> =>
    database.db.transaction(async (tx) => {
      // Tables of a test database are tiny, where a sequential scan is always cheapest; turned off,
      // the planner shows whether an index can serve the lookup at all.
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      const result = (await tx.execute(sql.raw(`explain ${query}`))) as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
    });

  it('verification events are counted by manifest ID through an index', async () => {
    const plan = await planOf(`select count(*) from verification_events where manifest_id = 'urn:c2pa:x'`);
    expect(plan).toContain('verification_events_manifest_idx');
    expect(plan).not.toContain('Seq Scan');
  });

  it('signed assets are found by manifest ID, or by ID or manifest ID, through indexes', async () => {
    expect(await planOf(`select * from signed_assets where manifest_id = 'urn:c2pa:x'`)).not.toContain('Seq Scan');
    expect(await planOf(`select * from signed_assets where id = 'urn:c2pa:x' or manifest_id = 'urn:c2pa:x' limit 1`)).not.toContain('Seq Scan');
  });
});
