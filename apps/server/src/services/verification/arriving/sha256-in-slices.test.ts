// The sliced SHA-256: the same digest as in one go, at slice boundaries and around them, and other
// work (a verdict arriving, an answer to write) runs between its slices.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SLICE_BYTES, sha256InSlices } from './sha256-in-slices.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sha256InSlices', () => {
  it('gives the digest of the whole, whatever the length', async () => {
    for (const length of [0, 1, SLICE_BYTES - 1, SLICE_BYTES, SLICE_BYTES + 1, 3 * SLICE_BYTES + 7]) {
      const bytes = new Uint8Array(randomBytes(length));
      expect(await sha256InSlices(bytes)).toBe(sha256(bytes));
    }
  });

  it('hashes over shared memory (an upload gathered for an engine worker)', async () => {
    const bytes = new Uint8Array(new SharedArrayBuffer(SLICE_BYTES + 100), 3, SLICE_BYTES + 90);
    bytes.set(randomBytes(bytes.byteLength));
    expect(await sha256InSlices(bytes)).toBe(sha256(Buffer.from(bytes)));
  });

  it('lets other work run between its slices', async () => {
    const order: string[] = [];
    const hashing = sha256InSlices(new Uint8Array(4 * SLICE_BYTES)).then(() => order.push('hashed'));
    setImmediate(() => order.push('other work'));
    await hashing;
    expect(order).toEqual(['other work', 'hashed']);
  });
});
