import crypto from 'node:crypto';
import { watch } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeImage } from '@provenance/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../db/create-db.ts';
import { signedAssets } from '../db/schema/index.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { signUpOnProcess } from '../testing/sign-up-mail.ts';

// The server killed with SIGKILL while it signs concurrently, then restarted on the same DATA_DIR:
// the start-up sweep must leave no asset folder without a row and no row without its files, and
// every signing that was answered 201 before the kill must have survived.

const CONCURRENT_SIGNINGS = 20;

interface Consistency {
  rows: Set<string>;
  rowsWithoutFiles: string[];
  foldersWithoutRows: string[];
}

/** Counted from the data directory itself (the server is stopped), not through the code under test. */
async function consistencyOf(dataDir: string): Promise<Consistency> {
  const database = await createDb({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const rows = new Set((await database.db.select({ id: signedAssets.id }).from(signedAssets)).map((row) => row.id));
  await database.close();
  const root = path.join(dataDir, 'assets');
  const complete = new Set<string>();
  const folders: string[] = [];
  for (const shard of await fs.readdir(root).catch(() => [])) {
    for (const id of await fs.readdir(path.join(root, shard))) {
      folders.push(id);
      const files = await fs.readdir(path.join(root, shard, id));
      if (files.includes('signed') && files.includes('manifest.c2pa')) complete.add(id);
    }
  }
  return { rows, rowsWithoutFiles: [...rows].filter((id) => !complete.has(id)), foldersWithoutRows: folders.filter((id) => !rows.has(id)) };
}

async function signUp(server: ServerProcess): Promise<string> {
  return (await signUpOnProcess(server, `durability-${crypto.randomBytes(4).toString('hex')}@example.com`, 'secret-123')).access_token;
}

async function sign(server: ServerProcess, token: string, image: Uint8Array): Promise<{ status: number; assetId?: string }> {
  const form = new FormData();
  form.append('file', new Blob([image]), 'photo.jpg');
  form.append('metadata', JSON.stringify({ creator: 'Ada Reporter' }));
  const response = await fetch(`${server.baseUrl}/api/v1/sign-content`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, ...(response.status === 201 && { assetId: ((await response.json()) as { assetId: string }).assetId }) };
}

describe('orphan sweep after a crash', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'orphan-durability-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('leaves no rows without files and no files without rows after kill -9 during concurrent signing and a restart', async () => {
    const first = await startServerProcess(dataDir);
    const token = await signUp(first);
    const image = await makeImage('jpeg', 400, 300);
    // One signing to completion first: the store then exists to be watched, and the database is not empty.
    const warmUp = await sign(first, token, image);
    expect(warmUp.status).toBe(201);

    // Once a few signings were answered, the kill lands as soon as the next one starts writing its
    // files: it then has files but no row yet, unless it wins the race and finishes first.
    const answered: string[] = [];
    const killed = new Promise<void>((resolve) => {
      const watcher = watch(path.join(dataDir, 'assets'), { recursive: true }, () => {
        if (answered.length < 3) return;
        watcher.close();
        first.child.kill('SIGKILL');
        resolve();
      });
      void first.exited.then(() => {
        watcher.close();
        resolve();
      });
    });
    const signings = Array.from({ length: CONCURRENT_SIGNINGS }, () =>
      sign(first, token, image).then(
        (result) => {
          if (result.assetId) answered.push(result.assetId);
          return result;
        },
        () => ({ status: 0 }),
      ),
    );
    await killed;
    // In case every signing finished before the watcher fired, the crash still happens.
    first.child.kill('SIGKILL');
    await first.exited;
    const results = await Promise.all(signings);
    const acknowledged = [warmUp.assetId, ...answered].filter((id): id is string => id !== undefined);

    // A crash between the files and the row, as the kill may or may not have caught one, and the
    // leftover of a write cut short: the sweep must remove both.
    const plantedId = crypto.randomUUID();
    const planted = path.join(dataDir, 'assets', plantedId.slice(0, 2), plantedId);
    await fs.mkdir(planted, { recursive: true });
    await fs.writeFile(path.join(planted, 'signed'), image);
    await fs.writeFile(path.join(planted, 'manifest.c2pa.0123456789ab.partial'), new Uint8Array(100));

    const before = await consistencyOf(dataDir);
    console.info('after kill -9:', {
      signings: CONCURRENT_SIGNINGS,
      answered201: results.filter((result) => result.status === 201).length,
      cutOff: results.filter((result) => result.status === 0).length,
      rows: before.rows.size,
      rowsWithoutFiles: before.rowsWithoutFiles.length,
      foldersWithoutRows: before.foldersWithoutRows.length,
    });
    expect(before.foldersWithoutRows).toContain(plantedId);

    // Restarted on the same data; a grace period of 0 because nothing can be signing yet.
    const second = await startServerProcess(dataDir, { ORPHAN_GRACE_SECONDS: '0' });
    const sweep = await second.waitForLog((entry) => entry.msg === 'orphan sweep finished' && entry.atStart === true);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const after = await consistencyOf(dataDir);
    console.info('after the start-up sweep:', { rows: after.rows.size, rowsWithoutFiles: after.rowsWithoutFiles.length, foldersWithoutRows: after.foldersWithoutRows.length, sweep });
    expect(after.rowsWithoutFiles).toEqual([]);
    expect(after.foldersWithoutRows).toEqual([]);
    expect(sweep.removedFolders).toBe(before.foldersWithoutRows.length);
    // No row is lost, and every signing the client was told about is still there with its files.
    expect(after.rows).toEqual(before.rows);
    for (const id of acknowledged) expect(after.rows).toContain(id);
  }, 90_000);
});
