// POST /verify-content: verify an asset by its URL or as an uploaded file. The report page asks for
// thumbnails as data: URLs, so it can draw them without loading anything from another origin; the
// landing widget shows no thumbnails and does not ask for them. A file is uploaded with progress in
// bytes, and while the device is offline the upload waits for a connection (and says so through
// onWaiting) instead of failing.
import type { TVerifyResponse } from '@provenance/contracts';
import { networkStatus } from '@/lib/network-status';
import { apiRequest } from './client';
import { uploadForm, type UploadOptions } from './upload';

export interface VerifyOptions {
  thumbnails?: boolean;
}

export interface VerifyFileOptions extends VerifyOptions, Pick<UploadOptions, 'onProgress' | 'signal' | 'createRequest'> {
  /** Told true while the upload waits for the device to come back online, then false. */
  onWaiting?: (waiting: boolean) => void;
  /** Whether the device is online, and a way to hear when that changes; the app's network status by default. */
  network?: { get(): { connected: boolean }; subscribe(listener: (status: { connected: boolean }) => void): () => void };
}

function verifyPath({ thumbnails = false }: VerifyOptions): string {
  return thumbnails ? '/verify-content?thumbnails=1' : '/verify-content';
}

/** Mutation key of every verification, whichever screen asks. */
export const verificationKeys = {
  verify: ['verify-content'] as const,
};

export function verifyAssetUrl(assetUrl: string, options: VerifyOptions = {}): Promise<TVerifyResponse> {
  return apiRequest<TVerifyResponse>(verifyPath(options), { json: { assetUrl } });
}

/** Resolves once the device is online (at once when it already is); rejects if `signal` aborts first. */
export function whenOnline(network: NonNullable<VerifyFileOptions['network']>, signal?: AbortSignal): Promise<void> {
  if (network.get().connected) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const unsubscribe = network.subscribe((status) => {
      if (!status.connected) return;
      unsubscribe();
      resolve();
    });
    signal?.addEventListener(
      'abort',
      () => {
        unsubscribe();
        reject(new DOMException('The verification was cancelled', 'AbortError'));
      },
      { once: true },
    );
  });
}

export async function verifyAssetFile(file: File, options: VerifyFileOptions = {}): Promise<TVerifyResponse> {
  const network = options.network ?? networkStatus;
  if (!network.get().connected) {
    options.onWaiting?.(true);
    try {
      await whenOnline(network, options.signal);
    } finally {
      options.onWaiting?.(false);
    }
  }
  const formData = new FormData();
  formData.append('file', file, file.name);
  // Progress needs XMLHttpRequest; a caller that shows none keeps the plain fetch (and its 401 refresh).
  if (!options.onProgress && !options.createRequest) return apiRequest<TVerifyResponse>(verifyPath(options), { formData, signal: options.signal });
  return uploadForm<TVerifyResponse>(verifyPath(options), formData, { onProgress: options.onProgress, signal: options.signal, createRequest: options.createRequest });
}
