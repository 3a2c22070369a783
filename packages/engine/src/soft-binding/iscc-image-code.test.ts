// The ISCC Image-Code against iscc-core's conformance vectors (data.json) and unit tests.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeImageCode, hammingDistance, imageCode, imageSoftHash, isccDct } from './iscc-image-code.ts';

interface Vectors {
  gen_image_code_v0: Record<string, { inputs: [number[], number]; outputs: { iscc: string } }>;
  unit: { sample_64_soft_hash_hex: string; sample_256_soft_hash_hex: string; sample_64_iscc: string; white_64_iscc: string; white_64_soft_hash_hex: string };
}

const vectors = JSON.parse(readFileSync(new URL('./iscc-image-code.vectors.json', import.meta.url), 'utf8')) as Vectors;
const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const sample = vectors.gen_image_code_v0.test_0003_img_256!.inputs[0];

describe('ISCC Image-Code (io.iscc.v0)', () => {
  it.each(Object.entries(vectors.gen_image_code_v0))('%s matches iscc-core', (_name, vector) => {
    const [pixels, bits] = vector.inputs;
    expect(imageCode(pixels, bits).iscc).toBe(vector.outputs.iscc);
  });

  it('builds the bits of the 64-bit code and of all four 8x8 slices as iscc-core does', () => {
    expect(hex(imageSoftHash(sample, 64))).toBe(vectors.unit.sample_64_soft_hash_hex);
    expect(hex(imageSoftHash(sample, 256))).toBe(vectors.unit.sample_256_soft_hash_hex);
    expect(imageCode(sample).iscc).toBe(vectors.unit.sample_64_iscc);
    const white = new Array<number>(1024).fill(255);
    expect(hex(imageSoftHash(white))).toBe(vectors.unit.white_64_soft_hash_hex);
    expect(imageCode(white).iscc).toBe(vectors.unit.white_64_iscc);
  });

  it("computes iscc-core's unscaled recursive DCT", () => {
    expect(isccDct(new Array<number>(64).fill(0))).toEqual(new Array<number>(64).fill(0));
    expect(isccDct(new Array<number>(64).fill(1))).toEqual([64, ...new Array<number>(63).fill(0)]);
    expect(isccDct(Array.from({ length: 64 }, (_, i) => i))[0]).toBe(2016);
    expect(() => isccDct([])).toThrow(RangeError);
  });

  it('encodes the header for the code length and counts differing bits', () => {
    expect(encodeImageCode(new Uint8Array(8))).toBe('ISCC:EEAQAAAAAAAAAAAA');
    expect(hammingDistance(Uint8Array.of(0xff, 0), Uint8Array.of(0x0f, 1))).toBe(5);
  });
});
