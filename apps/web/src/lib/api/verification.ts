// POST /verify-content: verify an asset by its URL or as an uploaded file. The report page asks for
// thumbnails as data: URLs, so it can draw them without loading anything from another origin; the
// landing widget shows no thumbnails and does not ask for them.
import type { TVerifyResponse } from '@provenance/contracts';
import { apiRequest } from './client';

export interface VerifyOptions {
  thumbnails?: boolean;
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

export function verifyAssetFile(file: File, options: VerifyOptions = {}): Promise<TVerifyResponse> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return apiRequest<TVerifyResponse>(verifyPath(options), { formData });
}
