// The eight orientations of normalised pixels: all distinct for an asymmetric image, each undone by another.
import { describe, expect, it } from 'vitest';
import { eightOrientations } from './pixel-orientations.ts';

describe('eightOrientations', () => {
  const side = 4;
  const pixels = Uint8Array.from({ length: side * side }, (_, i) => i);

  it('gives the eight distinct turns and flips, the pixels as given first', () => {
    const turns = eightOrientations(pixels);
    expect(turns).toHaveLength(8);
    expect(turns[0]).toEqual(pixels);
    expect(new Set(turns.map((turn) => turn.join(','))).size).toBe(8);
    // Turned 90° clockwise: the first row is the first column read bottom-up.
    expect([...turns[5]!.subarray(0, side)]).toEqual([12, 8, 4, 0]);
  });

  it('holds, for each orientation, the one that undoes it', () => {
    for (const turn of eightOrientations(pixels)) {
      expect(eightOrientations(turn).some((back) => back.join(',') === pixels.join(','))).toBe(true);
    }
  });
});
