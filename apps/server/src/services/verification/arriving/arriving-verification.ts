// Verify-as-it-arrives, its one interface: a JPEG or PNG upload of known length is verified by an
// engine worker from its first chunk (the engine reads the shared memory the upload fills:
// arriving-memory.ts), so the manifest's validation and most of the hashing run during the transfer
// rather than after it. The verdict is only a head start: the verifier (verify-content.ts) uses it
// when the whole file turns out to be what it was started as (the same format, length, options and
// trust lists) and the cache has no verdict for it; otherwise it is dropped and the file verified as
// any other. The route reaches this only through the verifier (ContentVerifier.arrivingUpload),
// and hands the upload reader what it gives.
import { arrivingFile, type ExcludedRangeDigest, type SerializedVerification } from '@provenance/engine';
import type { Engine } from '../../engine/engine.ts';
import { createArrivingMemory, type ArrivalReceiver, type ArrivedFile, type ArrivingMemory } from './arriving-memory.ts';
const { jpegSegmentsExcludedDigest, pngChunkExcludedDigest } = arrivingFile;

/** A verification started while its file arrived, fit for the file now verified. */
export interface EarlyVerification {
  /** The trust store's version when it started (the version in force now). */
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

/** One upload that may be verified as it arrives: the upload reader gathers it (receive), the verifier asks for its verdict (startedFor). */
export interface ArrivingUpload extends ArrivalReceiver {
  /**
   * The verification started as the file arrived, when it was of this file as it is verified now
   * (the same format, length, thumbnails and trust lists); else null.
   */
  startedFor(file: { mime: string; size: number; thumbnails: boolean }): EarlyVerification | null;
}

export interface ArrivingVerification {
  /**
   * For one upload: verified as it arrives when, at its first chunk, `wanted()` still says so (a
   * client over its share waits its turn; a verification as of another time has no use for a verdict
   * as of now), its first bytes show a format read as it arrives, and a worker is free.
   */
  upload(options: { wanted: () => boolean; thumbnails: boolean }): ArrivingUpload;
}

/** What of the engine verifies an arriving file (called on the engine object at each use). */
export type ArrivingEngine = Pick<Engine, 'verifyArriving' | 'trust'>;

// Formats the engine reads natively as they arrive (its data-hash-source-read.ts), told by their
// first bytes (any other would wait for the whole file in a worker, for nothing), each with the
// digest this thread can hash for the worker: the file outside its manifest.
const ARRIVING_FORMATS: { mime: string; signature: number[]; digest: (bytes: Uint8Array) => ExcludedRangeDigest | null }[] = [
  { mime: 'image/jpeg', signature: [0xff, 0xd8, 0xff], digest: jpegSegmentsExcludedDigest },
  { mime: 'image/png', signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], digest: pngChunkExcludedDigest },
];
const arrivingFormat = (head: Uint8Array) => ARRIVING_FORMATS.find(({ signature }) => head.byteLength >= signature.length && signature.every((byte, index) => head[index] === byte));

/** A verification under way, with what it was started as. */
interface Started extends EarlyVerification {
  mime: string;
  size: number;
}

/** Starts verifying an arriving file when its first bytes show a format read as it arrives and a worker is free; else null. */
function startVerification(engine: ArrivingEngine, file: ArrivedFile, thumbnails: boolean): Started | null {
  const format = arrivingFormat(file.head);
  if (!format) return null;
  const { mime } = format;
  const trustVersion = engine.trust.version;
  // The shared memory stays this file's until the worker's task has settled (it may still be
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
    trustVersion,
    verdict: started.finally(letGo).catch(() => null),
    offerDigest: () => void file.offerDigest(format.digest),
  };
}

export function createArrivingVerification(deps: { engine: ArrivingEngine; memory?: ArrivingMemory | undefined }): ArrivingVerification {
  const { engine } = deps;
  const memory = deps.memory ?? createArrivingMemory();
  return {
    upload({ wanted, thumbnails }) {
      let started: Started | null = null;
      const receiver = memory.receiver((file) => {
        if (!wanted()) return false;
        started = startVerification(engine, file, thumbnails);
        return started !== null;
      });
      return {
        receive: (length, firstChunk) => receiver.receive(length, firstChunk),
        startedFor(file) {
          const early: Started | null = started;
          const fits = early && early.mime === file.mime && early.size === file.size && thumbnails === file.thumbnails && early.trustVersion === engine.trust.version;
          return fits ? early : null;
        },
      };
    },
  };
}
