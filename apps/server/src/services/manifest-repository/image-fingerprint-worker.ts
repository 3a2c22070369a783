// The fingerprint worker thread: normalises the images it is sent (the engine's image-normalisation.ts) one at a
// time and answers their 1024 gray pixels, so decoding and the per-pixel walk of an image, however
// large, never hold the server's main thread. image-fingerprint.ts starts and feeds it.
import { parentPort } from 'node:worker_threads';
import { heifDecoderLoaded, normalisedPixels } from '@provenance/engine/image-normalisation';

/** A task: the image file's bytes, answered under its id. */
export interface NormaliseTask {
  id: number;
  bytes: Uint8Array;
}

/** The answer: the normalised pixels, or null for a file that is not an image it decodes. */
export interface NormaliseReply {
  id: number;
  pixels: Uint8Array | null;
  /** The worker loaded libheif (an HEIC or HEIF), whose memory never shrinks: end it, a new one takes the next image. */
  retire: boolean;
}

const port = parentPort;
if (port) {
  port.on('message', (task: NormaliseTask) => {
    void normalisedPixels(task.bytes)
      .catch(() => null)
      .then((pixels) => port.postMessage({ id: task.id, pixels, retire: heifDecoderLoaded() } satisfies NormaliseReply));
  });
  port.postMessage('ready');
}
