// POST /sign-content, two ways: JSON with an asset URL, or multipart with the file picked or
// captured on this device, uploaded with progress (upload.ts) so the 'Signing...' state shows how
// much of a large file has been sent. A signing adds to the account's assets and analytics, so
// callers invalidate assetKeys.all and analyticsKeys.all.
import type { TSignContentResponse, TSigningMetadata } from '@provenance/contracts';
import { apiRequest } from './client';
import { uploadForm, type UploadOptions } from './upload';

export type { UploadOptions, UploadProgress, UploadRequest } from './upload';

export function signByUrl(assetUrl: string, metadata: TSigningMetadata): Promise<TSignContentResponse> {
  return apiRequest<TSignContentResponse>('/sign-content', { json: { assetUrl, metadata } });
}

export function signUpload(file: File, metadata: TSigningMetadata, options: UploadOptions = {}): Promise<TSignContentResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('metadata', JSON.stringify(metadata));
  return uploadForm<TSignContentResponse>('/sign-content', form, options);
}
