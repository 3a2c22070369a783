// The ISCC Image-Code (io.iscc.v0) of an image file: its pixels normalised as the ISCC reference SDK
// does (the engine's soft-binding/image-normalisation.ts), then hashed with the engine. Videos get none: taking a poster frame
// needs a video decoder (ffmpeg), which the gateway does not install, so they are matched by exact
// hash only.
//
// The public verification fingerprints any unsigned image it is sent, so the normalisation runs on
// a worker thread, one image at a time with at most DECODE_PIXELS decoded (about 110 MB at its peak):
// that bounds the memory all fingerprints hold at once (the rest wait their turn, in order), and the
// main thread, which answers every other request, never decodes or walks pixels. The worker starts
// with the first fingerprint and does not keep the process alive.
import { Worker } from 'node:worker_threads';
import { softBinding, type TaskPlacement } from '@provenance/engine';
import type { NormaliseReply, NormaliseTask } from './image-fingerprint-worker.ts';

export interface ImageFingerprint {
  alg: typeof softBinding.ISCC_SOFT_BINDING_ALG;
  /** `ISCC:EE…` */
  iscc: string;
  /** The 64-bit digest. */
  digest: Uint8Array;
  covers: 'image' | 'poster-frame';
}

/**
 * Images normalised at once in this process. One: four 10,000×10,000 PNG bombs at once then add about
 * 170 MB, where two workers add about 300 MB; a 12-megapixel photo takes about half a second.
 */
export const FINGERPRINT_WORKERS = 1;

// Run from TypeScript source (tsx, vitest), the worker first registers the TypeScript loader. Compiled,
// this module sits in the server's bundle, whose build emits the worker as image-fingerprint-worker.js next to it.
const WORKER_ENTRY = import.meta.url.endsWith('.ts') ? new URL('./image-fingerprint-worker-entry.js', import.meta.url) : new URL('./image-fingerprint-worker.js', import.meta.url);

interface Waiting {
  id: number;
  bytes: Uint8Array;
  overShare: boolean;
  settle: (pixels: Uint8Array | null) => void;
  fail: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  current: Waiting | null;
}

const queue: Waiting[] = [];
const slots: Slot[] = [];
let nextId = 0;

function startSlot(): Slot {
  const worker = new Worker(WORKER_ENTRY);
  worker.unref();
  const slot: Slot = { worker, ready: new Promise((resolve) => worker.once('message', () => resolve())), current: null };
  worker.on('message', (reply: NormaliseReply | 'ready') => {
    if (reply === 'ready' || reply.id !== slot.current?.id) return;
    const done = slot.current;
    slot.current = null;
    done.settle(reply.pixels);
    if (!reply.retire) return feed(slot);
    // The worker decoded an HEIC or HEIF with libheif, whose memory it would keep: end it (out of
    // the slots first, so its exit is no loss), and a new worker takes whatever waits.
    slots.splice(slots.indexOf(slot), 1);
    void slot.worker.terminate();
    if (queue.length > 0) feed(startSlot());
  });
  // A worker that dies takes its task with it; the next fingerprint starts a new one.
  const lost = (error: Error) => {
    if (!slots.includes(slot)) return;
    slots.splice(slots.indexOf(slot), 1);
    slot.current?.fail(error);
    slot.current = null;
    if (queue.length > 0) feed(startSlot());
  };
  worker.once('error', lost);
  worker.once('exit', (code) => lost(new Error(`The fingerprint worker exited (${code})`)));
  slots.push(slot);
  return slot;
}

function feed(slot: Slot): void {
  if (slot.current || !slots.includes(slot)) return;
  const next = queue.shift();
  if (!next) return;
  slot.current = next;
  // The worker gets its own copy (new Uint8Array copies; a Buffer's slice would not), made only now so
  // that images waiting their turn hold no second copy, and handed over rather than copied again: the
  // caller's bytes may view a larger buffer (all of which would be sent) or shared memory lent to the upload.
  const bytes = new Uint8Array(next.bytes);
  void slot.ready.then(() => slot.worker.postMessage({ id: next.id, bytes } satisfies NormaliseTask, [bytes.buffer]));
}

/**
 * The 1024 normalised gray pixels of an image file, from a worker thread; null when sharp cannot decode
 * it. Images wait their turn in order, but those of callers over their share (`placement`, as the
 * engine's) behind all the others: a flood's unsigned images, a decode each, never hold up the
 * lookup of a client within its share.
 */
export function normalisedPixels(bytes: Uint8Array, placement: TaskPlacement = {}): Promise<Uint8Array | null> {
  return new Promise((settle, fail) => {
    const waiting: Waiting = { id: nextId++, bytes, overShare: placement.overShare ?? false, settle, fail };
    const behindAll = waiting.overShare ? -1 : queue.findIndex((other) => other.overShare);
    if (behindAll === -1) queue.push(waiting);
    else queue.splice(behindAll, 0, waiting);
    const idle = slots.find((slot) => !slot.current) ?? (slots.length < FINGERPRINT_WORKERS ? startSlot() : undefined);
    if (idle) feed(idle);
  });
}

/** The image's ISCC Image-Code; null for a file sharp cannot decode (videos, and formats it lacks). */
export async function fingerprintImage(bytes: Uint8Array): Promise<ImageFingerprint | null> {
  const pixels = await normalisedPixels(bytes);
  if (!pixels) return null;
  const { iscc, digest } = softBinding.imageCode(pixels);
  return { alg: softBinding.ISCC_SOFT_BINDING_ALG, iscc, digest, covers: 'image' };
}

/**
 * The image's ISCC Image-Code as it is and in each of its other seven EXIF orientations (the first is
 * as it is), for a lookup that must find a copy whose orientation tag was dropped. The file is decoded
 * once, on the worker; the turns are of its 1024 normalised pixels, so this costs one fingerprint's
 * decode, not eight. Null for a file sharp cannot decode.
 */
export async function fingerprintOrientations(bytes: Uint8Array, placement: TaskPlacement = {}): Promise<ImageFingerprint[] | null> {
  const pixels = await normalisedPixels(bytes, placement);
  if (!pixels) return null;
  return softBinding.eightOrientations(pixels).map((turned) => {
    const { iscc, digest } = softBinding.imageCode(turned);
    return { alg: softBinding.ISCC_SOFT_BINDING_ALG, iscc, digest, covers: 'image' };
  });
}
