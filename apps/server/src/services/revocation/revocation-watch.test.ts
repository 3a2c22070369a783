import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-databases.ts';
import { createGatewayCertificateStatus } from './gateway-certificate-status.ts';
import { createRevocationWatch } from './revocation-watch.ts';

// A copy's cached verdicts are forgotten when any copy (here: another set of records over the same
// database) revokes a certificate the gateway issued.
describe.each(testDatabaseKinds())('revocation watch (%s)', (kind) => {
  let database: DbHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('says a revocation made elsewhere happened, once, and nothing otherwise', async () => {
    database = await openTestDatabase(kind);
    let forgotten = 0;
    const watch = createRevocationWatch({ db: database.db, onChange: () => (forgotten += 1) });
    expect(await watch.check()).toBe(false);
    expect(await watch.check()).toBe(false);
    const otherCopy = createGatewayCertificateStatus(database.db);
    await otherCopy.revoke('0a1b2c', new Date('2026-01-01T00:00:00Z'));
    expect(await watch.check()).toBe(true);
    expect(forgotten).toBe(1);
    expect(await watch.check()).toBe(false);
    // Revoking again (the same serial: its row changes) or another serial moves it too.
    await otherCopy.revoke('0d0e0f', new Date('2026-01-02T00:00:00Z'));
    expect(await watch.check()).toBe(true);
    expect(forgotten).toBe(2);
    await watch.close();
  });
});
