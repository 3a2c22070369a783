import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORPUS_DIR, hasCorpus } from '@provenance/engine/testing';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './testing/server-process.ts';

// main.ts as a real process: a CLAIM_SIGNER that cannot sign stops the start with a sentence naming
// the setting and what is wrong (main.test.ts reads the start-up log's words for the development
// product certificate in force without one).
describe.skipIf(!hasCorpus)('the claim signer at start', () => {
  it('refuses a CLAIM_SIGNER whose key does not fit its chain, naming the setting', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pg-claim-signer-start-'));
    const settings = { TRUST_LIST_REFRESH_HOURS: '0', ENGINE_WORKERS: '1' };
    const mismatched = `file:${path.join(CORPUS_DIR, 'certs/es256.key.pem')},${path.join(CORPUS_DIR, 'certs/es384.chain.pem')}`;
    await expect(startServerProcess(dataDir, { ...settings, CLAIM_SIGNER: mismatched })).rejects.toThrow(/CLAIM_SIGNER: The private key does not match the signing certificate/);
  }, 90_000);
});
