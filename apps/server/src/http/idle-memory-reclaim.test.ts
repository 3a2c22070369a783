// The upload budget and the idle reclaim together: a burst of large uploads, once its bytes are all
// released and things are quiet, gets one full collection that frees its buffers; small or
// overlapping bursts get none, and collections are spaced out.
import { describe, expect, it } from 'vitest';
import { createIdleMemoryReclaim } from './idle-memory-reclaim.ts';
import { createInflightBytes } from './inflight-bytes.ts';

const MB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('idle memory reclaim', () => {
  it('collects once after a large burst is released and quiet, not after a small one, nor while bytes are held', async () => {
    let collections = 0;
    const reclaim = createIdleMemoryReclaim({ quietMs: 50, minIntervalMs: 0, collect: () => (collections += 1) });
    const budget = createInflightBytes(256 * MB, (held, peak) => reclaim.observe(held, peak));

    expect(budget.tryReserve(8 * MB)).toBe(true);
    budget.release(8 * MB);
    await sleep(120);
    expect(collections).toBe(0);

    expect(budget.tryReserve(60 * MB)).toBe(true);
    expect(budget.tryReserve(60 * MB)).toBe(true);
    budget.release(60 * MB);
    await sleep(120);
    expect(collections).toBe(0);
    // A new upload arriving within the quiet time puts the collection off until it is done too.
    budget.release(60 * MB);
    expect(budget.tryReserve(1 * MB)).toBe(true);
    await sleep(120);
    expect(collections).toBe(0);
    budget.release(1 * MB);
    await sleep(120);
    expect(collections).toBe(1);
    reclaim.stop();
  });

  it('spaces collections out', async () => {
    let collections = 0;
    const reclaim = createIdleMemoryReclaim({ quietMs: 20, minIntervalMs: 400, collect: () => (collections += 1) });
    reclaim.observe(0, 100 * MB);
    await sleep(80);
    reclaim.observe(0, 100 * MB);
    await sleep(80);
    expect(collections).toBe(1);
    await sleep(400);
    expect(collections).toBe(2);
    reclaim.stop();
  });

  it("frees a released upload's buffer with V8's own collection", async () => {
    const reclaim = createIdleMemoryReclaim({ quietMs: 10, minIntervalMs: 0 });
    let body: Uint8Array | null = new Uint8Array(96 * MB).fill(7);
    const held = process.memoryUsage().arrayBuffers;
    expect(body[0]).toBe(7);
    body = null;
    reclaim.observe(0, 96 * MB);
    await sleep(200);
    expect(reclaim.collections).toBe(1);
    expect(process.memoryUsage().arrayBuffers).toBeLessThan(held - 64 * MB);
  });
});
