// The lowest layer of the API client: one JSON request to the server, with the API's error shape
// `{error: {code, message}}` turned into a thrown ApiError. Knows nothing of sessions.
import type { TErrorResponse } from '@provenance/contracts';
import { env } from '@/config/env';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  json?: unknown;
  formData?: FormData;
  accessToken?: string | null;
  signal?: AbortSignal;
}

export function apiUrl(path: string): string {
  return `${env.VITE_API_BASE_URL.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

function isErrorResponse(body: unknown): body is TErrorResponse {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'message' in error && typeof (error as { message: unknown }).message === 'string';
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.formData) {
    body = options.formData;
  }
  if (options.accessToken) headers.set('Authorization', `Bearer ${options.accessToken}`);

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', 'Unable to reach the server. Check your connection and try again.');
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (!response.ok) {
    if (isErrorResponse(parsed)) throw new ApiError(response.status, parsed.error.code, parsed.error.message);
    throw new ApiError(response.status, 'http_error', `The server answered ${response.status} ${response.statusText}`.trim());
  }
  return parsed as T;
}
