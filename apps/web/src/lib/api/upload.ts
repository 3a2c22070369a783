// A multipart upload with progress: fetch reports no upload progress, so files go through
// XMLHttpRequest, which says how many bytes have been sent. The signed-in user's token is sent as
// with every API call; the API's error shape becomes an ApiError.
import type { TErrorResponse } from '@provenance/contracts';
import { sessionStore } from '@/lib/auth/session';
import { ApiError, apiUrl } from './client';

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

export async function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const token = options.accessToken !== undefined ? options.accessToken : await sessionStore.getAccessToken();
  return new Promise<T>((resolve, reject) => {
    const xhr = options.createRequest ? options.createRequest() : (new XMLHttpRequest() as unknown as UploadRequest);
    xhr.open('POST', apiUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body as T);
      else reject(errorOf(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'Unable to reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
