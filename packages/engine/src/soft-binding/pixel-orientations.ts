// The eight EXIF orientations (the rotations and flips of a square) of an image's normalised 32×32
// gray pixels. A copy whose EXIF orientation tag was dropped shows its pixels as stored, which is a
// rotated or mirrored picture to the fingerprint; the lookup tries each orientation of the small
// normalised image instead of decoding the file eight times (the normalisation crops a uniform
// border and resizes to a square, which commute with these turns up to rounding). Shared by the
// gateway's lookup and the browser's (through iscc-image-code.ts, the web app's entry to the engine).

/** Where output pixel (x, y) of a side×side square is read from, for each orientation (EXIF 1-8). */
const SOURCES: readonly ((x: number, y: number, last: number) => [number, number])[] = [
  (x, y) => [x, y], // 1: as stored
  (x, y, last) => [last - x, y], // 2: mirrored left-right
  (x, y, last) => [last - x, last - y], // 3: turned 180°
  (x, y, last) => [x, last - y], // 4: mirrored top-bottom
  (x, y) => [y, x], // 5: transposed
  (x, y, last) => [y, last - x], // 6: turned 90° clockwise
  (x, y, last) => [last - y, last - x], // 7: transversed
  (x, y, last) => [last - y, x], // 8: turned 90° counter-clockwise
];

/** The square's pixels (row by row) in each of the eight orientations, the pixels as given first. */
export function eightOrientations(pixels: Uint8Array): Uint8Array[] {
  const side = Math.round(Math.sqrt(pixels.length));
  if (side * side !== pixels.length) throw new RangeError('Normalised pixels make a square');
  const last = side - 1;
  return SOURCES.map((source) => {
    const turned = new Uint8Array(side * side);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const [sx, sy] = source(x, y, last);
        turned[y * side + x] = pixels[sy * side + sx]!;
      }
    }
    return turned;
  });
}
