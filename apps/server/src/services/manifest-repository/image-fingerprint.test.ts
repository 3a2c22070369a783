// The ISCC Image-Code of image files as the fingerprint worker computes it: the same codes as the
// normalisation gave on the main thread before it moved (pinned below, computed by that code), images
// larger than DECODE_PIXELS shrunk on load to a code near their own, and files that are no image none;
// the images of callers over their share wait behind the others'.
import { softBinding } from '@provenance/engine';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { sceneImage } from '../../testing/scene-image.ts';
import { fingerprintImage, normalisedPixels } from './image-fingerprint.ts';
import { DECODE_PIXELS, decodeSize } from '@provenance/engine/image-normalisation';

const isccOf = async (bytes: Uint8Array | Buffer) => (await fingerprintImage(new Uint8Array(bytes)))?.iscc;

describe('fingerprintImage', () => {
  it('gives normal images the codes the whole-image decode gave', async () => {
    const framed = await sharp(await sceneImage(12, 200, 150)).extend({ top: 30, bottom: 30, left: 40, right: 40, background: '#ffffff' }).png().toBuffer();
    const alpha = await sharp(await sceneImage(13)).ensureAlpha(0.5).png().toBuffer();
    const turned = await sharp(await sceneImage(14)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const photo = await sceneImage(15, 4032, 3024);
    // Asked at once: the worker takes them in turn and answers each its own.
    const codes = await Promise.all([await sceneImage(11), framed, alpha, turned, photo].map(isccOf));
    expect(codes).toEqual(['ISCC:EEA2CUS4VNA34VF5', 'ISCC:EEAZRJJFVGMS7M3G', 'ISCC:EEAYGSLNU3G5E6FS', 'ISCC:EEAYSVE5SFKJ3K3O', 'ISCC:EEA4Y44OGPGDHTBD']);
  }, 20_000);

  it('fingerprints an image larger than the decode budget, shrunk, near a smaller copy of it', async () => {
    const large = await sharp(await sceneImage(16, 800, 600)).resize(6400, 4800, { kernel: 'nearest' }).png({ compressionLevel: 1 }).toBuffer();
    const small = await sharp(large).resize(1600, 1200).png().toBuffer();
    const [ofLarge, ofSmall] = await Promise.all([fingerprintImage(new Uint8Array(large)), fingerprintImage(new Uint8Array(small))]);
    expect(softBinding.hammingDistance(ofLarge!.digest, ofSmall!.digest)).toBeLessThanOrEqual(4);
  }, 20_000);

  it('normalises the images of callers within their share before the waiting images of callers over it', async () => {
    const flood = await Promise.all([31, 32, 33].map(async (seed) => new Uint8Array(await sceneImage(seed, 2000, 1500))));
    const polite = new Uint8Array(await sceneImage(34));
    const done: string[] = [];
    const settled = (name: string) => () => done.push(name);
    // The worker takes the first image at once; the other two wait, and the polite one is asked last.
    const asked = flood.map((bytes, index) => normalisedPixels(bytes, { overShare: true }).then(settled(`flood ${index}`)));
    asked.push(normalisedPixels(polite).then(settled('polite')));
    await Promise.all(asked);
    expect(done).toEqual(['flood 0', 'polite', 'flood 1', 'flood 2']);
  }, 30_000);

  it('gives a file that is no image no code', async () => {
    expect(await fingerprintImage(new TextEncoder().encode('not an image'))).toBeNull();
  });

  it('decodes within DECODE_PIXELS whatever the shape', () => {
    expect(decodeSize(4032, 3024)).toBeNull();
    for (const [width, height] of [[10_000, 10_000], [100_000_000, 1], [1, 99_999_999], [30_000, 900]] as const) {
      const size = decodeSize(width, height)!;
      expect(size.width * size.height).toBeLessThanOrEqual(DECODE_PIXELS);
      expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(1);
    }
  });
});
