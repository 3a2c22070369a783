// POST /sign-content, two ways: JSON with an asset URL, or multipart with the file picked or
// captured on this device. The upload goes through XMLHttpRequest because fetch reports no upload
// progress, and the 'Signing...' state shows how much of a large file has been sent. A signing adds
// to the account's assets and analytics, so callers invalidate assetKeys.all and analyticsKeys.all.
import type { TErrorResponse, TSignContentResponse, TSigningMetadata } from '@provenance/contracts';
import { sessionStore } from '@/lib/auth/session';
import { ApiError, apiRequest, apiUrl } from './client';

export function signByUrl(assetUrl: string, metadata: TSigningMetadata): Promise<TSignContentResponse> {
  return apiRequest<TSignContentResponse>('/sign-content', { json: { assetUrl, metadata } });
}

/** Bytes sent so far and the total; `total` is 0 when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The part of XMLHttpRequest the upload uses, so tests can hand in a fake. */
export type UploadRequest = Pick<XMLHttpRequest, 'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'statusText' | 'responseText' | 'upload'> & {
  onload: ((this: unknown, ev: ProgressEvent) => unknown) | null;
  onerror: ((this: unknown, ev: ProgressEvent) => unknown) | null;
  onabort: ((this: unknown, ev: ProgressEvent) => unknown) | null;
};

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  accessToken?: string | null;
  createRequest?: () => UploadRequest;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function errorOf(status: number, statusText: string, body: unknown): ApiError {
  const error = (body as TErrorResponse | undefined)?.error;
  if (error && typeof error.message === 'string') return new ApiError(status, error.code, error.message);
  return new ApiError(status, 'http_error', `The server answered ${status} ${statusText}`.trim());
}

export async function signUpload(file: File, metadata: TSigningMetadata, options: UploadOptions = {}): Promise<TSignContentResponse> {
  const token = options.accessToken !== undefined ? options.accessToken : await sessionStore.getAccessToken();
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('metadata', JSON.stringify(metadata));

  return new Promise<TSignContentResponse>((resolve, reject) => {
    const xhr = options.createRequest ? options.createRequest() : (new XMLHttpRequest() as unknown as UploadRequest);
    xhr.open('POST', apiUrl('/sign-content'));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as TSignContentResponse);
      else reject(errorOf(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Unable to reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
