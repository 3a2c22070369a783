import { describe, expect, it } from 'vitest';
import { transferablesOf } from './transferables.ts';

describe('transferablesOf', () => {
  it('moves a view that spans its whole buffer, once, however often it is named', () => {
    const file = new Uint8Array(1024);
    const manifest = new Uint8Array(16);
    expect(transferablesOf([file, undefined, manifest, file])).toEqual([file.buffer, manifest.buffer]);
  });

  it('copies a view that shares its buffer: moving it would detach the rest', () => {
    const whole = new Uint8Array(1024);
    // A small Node Buffer is a slice of a slab other Buffers use.
    const small = Buffer.from('hello');
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    expect(transferablesOf([whole.subarray(0, 512), whole.subarray(1), small, new Uint8Array(new SharedArrayBuffer(8))])).toEqual([]);
  });
});
