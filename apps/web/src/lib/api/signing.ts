// POST /sign-content, two ways: JSON with an asset URL, or multipart with the file picked or
// captured on this device, uploaded with progress (upload.ts) so the 'Signing...' state shows how
// much of a large file has been sent. A signing adds to the account's assets and analytics, so
// callers invalidate assetKeys.all and analyticsKeys.all. `organization`, the name to sign under,
// is sent while the account has none: the signing sets it (callers read the organisation again).
import type { TSignContentResponse, TSigningMetadata } from '@provenance/contracts';
import { apiRequest } from './client';
import { uploadForm, type UploadOptions } from './upload';

export type { UploadOptions, UploadProgress, UploadRequest } from './upload';

export function signByUrl(assetUrl: string, metadata: TSigningMetadata, organization?: string): Promise<TSignContentResponse> {
  return apiRequest<TSignContentResponse>('/sign-content', { json: { assetUrl, metadata, ...(organization !== undefined && { organization }) } });
}

export function signUpload(file: File, metadata: TSigningMetadata, options: UploadOptions = {}, organization?: string): Promise<TSignContentResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('metadata', JSON.stringify(metadata));
  if (organization !== undefined) form.append('organization', organization);
  return uploadForm<TSignContentResponse>('/sign-content', form, options);
}
