// The ISCC image code's first steps over decoded RGB pixels, written once for every decoder (sharp,
// libheif): the content box (the border of the top-left pixel's colour trimmed) in Pillow's luma.
/** The image as the ISCC normalisation takes it: upright, on white, its content box, each pixel's Pillow luma. */
export interface GrayImage {
  /** The gray pixels of the content box, row by row. */
  gray: Uint8Array;
  width: number;
  height: number;
}

/** The box of pixels that differ from the top-left one (iscc-sdk's image_trim_border); the whole image when none do. */
function contentBox(rgb: Uint8Array, width: number, height: number, stride: number): { left: number; top: number; right: number; bottom: number } {
  const [r, g, b] = [rgb[0], rgb[1], rgb[2]];
  let left = width;
  let top = height;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * stride;
    for (let x = 0; x < width; x++) {
      const at = row + x * 3;
      if (rgb[at] === r && rgb[at + 1] === g && rgb[at + 2] === b) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return right < 0 ? { left: 0, top: 0, right: width - 1, bottom: height - 1 } : { left, top, right, bottom };
}

/**
 * The content box's gray pixels of RGB rows `stride` bytes apart: Pillow's convert('L'), ITU-R 601-2
 * luma in 16-bit fixed point, rounded: for every format (image-normalisation.ts) and HEVC (heif-gray.ts).
 */
export function grayOfRgb(rgb: Uint8Array, width: number, height: number, stride: number, into?: Uint8Array): GrayImage {
  const box = contentBox(rgb, width, height, stride);
  const boxWidth = box.right - box.left + 1;
  const boxHeight = box.bottom - box.top + 1;
  // Written into `into` when given (the decoded pixels themselves, rows packed): each gray pixel lands
  // at or before the first byte of the colour pixel it comes from, after every pixel already read.
  const gray = into ? into.subarray(0, boxWidth * boxHeight) : new Uint8Array(boxWidth * boxHeight);
  for (let y = 0; y < boxHeight; y++) {
    const row = (box.top + y) * stride + box.left * 3;
    for (let x = 0; x < boxWidth; x++) {
      const at = row + x * 3;
      gray[y * boxWidth + x] = (rgb[at]! * 19595 + rgb[at + 1]! * 38470 + rgb[at + 2]! * 7471 + 0x8000) >> 16;
    }
  }
  return { gray, width: boxWidth, height: boxHeight };
}
