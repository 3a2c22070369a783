// A filling file holds exactly the bytes written into it, however its chunks sit in memory: at any
// offset of their buffers, of any length (larger than the realigning scratch buffer too).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFillingWriter, fillingSource } from './filling-source.ts';

describe('filling source', () => {
  it('reads back the bytes of chunks at every alignment and of any length', async () => {
    const file = randomBytes(400_000);
    const writer = createFillingWriter(file.byteLength);
    const source = fillingSource(writer.shared);
    const lengths = [1, 7, 8, 13, 4096, 65_535, 65_536, 65_537, 150_001];
    let at = 0;
    for (let turn = 0; at < file.byteLength; turn += 1) {
      const length = Math.min(lengths[turn % lengths.length]!, file.byteLength - at);
      // The chunk at a different offset modulo 8 of a buffer of its own each time.
      const offset = turn % 8;
      const holder = new Uint8Array(offset + length);
      holder.set(file.subarray(at, at + length), offset);
      expect(writer.write(holder.subarray(offset))).toBe(true);
      at += length;
    }
    expect(Buffer.from(await source.read(0, file.byteLength)).equals(file)).toBe(true);
    expect(writer.bytes.equals(file)).toBe(true);
  });
});
