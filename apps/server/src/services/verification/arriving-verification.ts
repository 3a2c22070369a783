// Verifying an upload while it arrives: a JPEG or PNG sent as the request body is verified by an engine
// worker from its first chunk (the engine reads the shared memory the body fills), so the manifest's
// validation and most of the hashing run during the transfer rather than after it. The verdict is
// only a head start: verify-content.ts uses it when the whole file turns out to be what it was
// started as (the same format, same options) and the cache has no verdict for it; otherwise it is
// dropped and the file verified as any other.
import { jpegSegmentsExcludedDigest, pngChunkExcludedDigest, type ExcludedRangeDigest, type SerializedVerification, type SharedFilling } from '@provenance/engine';
import type { GatewayEngine } from '../provenance/gateway-engine.ts';

/** A verification started while its file arrives. */
export interface EarlyVerification {
  /** The format it was started as. */
  mime: string;
  /** The length it was started for: a file of another length (a form laid out otherwise) is not the one verified. */
  size: number;
  thumbnails: boolean;
  /** The trust store's version when it started: a verdict under lists since replaced is not used. */
  trustVersion: string;
  /** Its verdict; null when it failed (the file cut off, refused, or unreadable): then verify as usual. */
  verdict: Promise<SerializedVerification | null>;
  /**
   * Once the file has arrived and its verdict is awaited: this thread, idle until then, hashes the
   * file outside its manifest (a JPEG's C2PA segments, a PNG's caBX chunk) for the worker, which is
   * still validating the manifest (c2pa-wasm) and otherwise would hash the file after that.
   * Synchronous, about 1.5 ms for 2 MB.
   */
  offerDigest(): void;
}

// Formats the engine reads natively as they arrive (its data-hash-source-read.ts), told by their
// first bytes (any other would wait for the whole file in a worker, for nothing), each with the
// digest this thread can hash for the worker: the file outside its manifest.
const ARRIVING_FORMATS: { mime: string; signature: number[]; digest: (bytes: Uint8Array) => ExcludedRangeDigest | null }[] = [
  { mime: 'image/jpeg', signature: [0xff, 0xd8, 0xff], digest: jpegSegmentsExcludedDigest },
  { mime: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], digest: pngChunkExcludedDigest },
];
const arrivingFormat = (head: Uint8Array) => ARRIVING_FORMATS.find(({ signature }) => head.byteLength >= signature.length && signature.every((byte, index) => head[index] === byte));

/** Starts verifying an arriving file when its first bytes show a format read as it arrives and a worker is free; else null. */
export function startEarlyVerification(
  engine: GatewayEngine,
  file: { shared: SharedFilling; head: Uint8Array; hold: () => () => void; offerDigest: (digest: (bytes: Uint8Array) => ExcludedRangeDigest | null) => boolean },
  thumbnails: boolean,
): EarlyVerification | null {
  const format = arrivingFormat(file.head);
  if (!format) return null;
  const { mime } = format;
  const trustVersion = engine.trust.version;
  // The shared memory stays this file's until the worker's job has settled (it may still be
  // reading after the request failed the file): only then may it go to another body.
  const letGo = file.hold();
  let started: Promise<SerializedVerification> | null;
  try {
    started = engine.verifyArriving(file.shared, mime, { thumbnails });
  } catch (error) {
    letGo();
    throw error;
  }
  if (!started) {
    letGo();
    return null;
  }
  // Never rejects: a verdict nobody waits for (a cache hit, a refused body) must not go unhandled.
  return {
    mime,
    size: file.shared.size,
    thumbnails,
    trustVersion,
    verdict: started.finally(letGo).catch(() => null),
    offerDigest: () => void file.offerDigest(format.digest),
  };
}
