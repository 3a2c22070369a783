// The SHA-256 of bytes in memory, hashed in slices, one per turn of the event loop: for an upload
// the receiving thread did not hash as it arrived (one an engine worker verified as it arrived: arriving-memory.ts),
// hashed while the request waits for its verdict and after its answer, so that neither waits behind
// more than one slice.
import { createHash } from 'node:crypto';

/** About 0.15 ms of SHA-256 here: the most a verdict or an answer waits for it. */
export const SLICE_BYTES = 256 * 1024;

export function sha256InSlices(bytes: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  return new Promise((resolve, reject) => {
    let at = 0;
    const step = () => {
      try {
        hash.update(bytes.subarray(at, at + SLICE_BYTES));
        at += SLICE_BYTES;
        if (at < bytes.byteLength) setImmediate(step);
        else resolve(hash.digest('hex'));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    setImmediate(step);
  });
}
