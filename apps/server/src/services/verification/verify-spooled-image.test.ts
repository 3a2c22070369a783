// A spooled upload of a HEIC, HEIF or AVIF (over the spool threshold) is verified from its file, as
// an MP4 is, never read back into memory: the verifier answers what it answers for the same bytes
// uploaded. An unsigned one is read back, for the repository's lookup of its pixels only.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZVerifyResponse } from '@provenance/contracts';
import { createPemSigner, ensureLocalPki, sign } from '@provenance/engine';
import { corpusFile, hasCorpus, makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/create-db.ts';
import { openTestDatabase } from '../../testing/test-databases.ts';
import { createTestServer, type TestServer } from '../../testing/test-server.ts';
import type { VerifySource } from './verify-request.ts';
import { withoutValidationTime } from '@provenance/engine/testing';

const dir = mkdtempSync(join(tmpdir(), 'pg-spooled-image-'));

describe('verifying a spooled HEIC, HEIF or AVIF upload', () => {
  let database: DbHandle;
  let server: TestServer;
  let signer: Parameters<typeof sign>[3]['signer'];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    server = await createTestServer(database, { verifyCacheEntries: 0 });
    const { pki } = await ensureLocalPki(join(dir, 'pki'));
    signer = createPemSigner({ privateKeyPem: pki.signerKeyPem, certificateChainPem: pki.signerChainPem });
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  /** The file as the upload reader hands a spooled one over, counting the reads back into memory. */
  function spooled(bytes: Uint8Array, name: string): { source: VerifySource; readsBack: () => number } {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    let readsBack = 0;
    return {
      source: {
        kind: 'spooled-upload',
        path,
        head: bytes.subarray(0, 64 * 1024),
        sha256: createHash('sha256').update(bytes).digest('hex'),
        fileName: name,
        withBytes: (use) => ((readsBack += 1), use(bytes)),
      },
      readsBack: () => readsBack,
    };
  }

  const verdictOf = async (source: VerifySource) => {
    const { eventId: _eventId, ...rest } = ZVerifyResponse.parse(JSON.parse((await server.services.verifier.verifyContent(source, {})).json));
    return rest;
  };

  const files = async (): Promise<[string, string, Uint8Array][]> => [
    ['made.avif', 'image/avif', await makeImage('avif', 320, 240)],
    ...(hasCorpus
      ? ([
          ['sample1.heic', 'image/heic', corpusFile('c2pa-rs/sample1.heic')],
          ['sample1.heif', 'image/heif', corpusFile('c2pa-rs/sample1.heif')],
        ] as [string, string, Uint8Array][])
      : []),
  ];

  it('verifies a signed one from its file with the verdict of the same bytes uploaded', async () => {
    for (const [name, mime, unsigned] of await files()) {
      const signed = (await sign(unsigned, mime, { creator: 'Ada Reporter' }, { signer })).signedBytes;
      const file = spooled(signed, `signed-${name}`);
      const fromDisk = await verdictOf(file.source);
      expect(file.readsBack(), name).toBe(0);
      expect(withoutValidationTime(fromDisk), name).toEqual(withoutValidationTime(await verdictOf({ kind: 'upload', bytes: signed, fileName: name })));
      expect(fromDisk.verification.status, name).toBe('partial');
      expect(fromDisk.report.codes.success.map((code) => code.code), name).toContain('assertion.bmffHash.match');
    }
  });

  it('reads an unsigned one back for the repository lookup, with the verdict of the same bytes uploaded', async () => {
    const [[name, , unsigned]] = (await files()) as [[string, string, Uint8Array]];
    const file = spooled(unsigned, `unsigned-${name}`);
    const fromDisk = await verdictOf(file.source);
    expect(file.readsBack()).toBe(1);
    expect(fromDisk.verification.status).toBe('unsigned');
    expect(withoutValidationTime(fromDisk)).toEqual(withoutValidationTime(await verdictOf({ kind: 'upload', bytes: unsigned, fileName: name })));
  });
});
