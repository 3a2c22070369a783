// Verify call of the landing page's live widget: POST /verify-content with an asset URL.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { VerifyResponse } from '@/lib/verification';

export function verifyAssetUrl(assetUrl: string): Promise<VerifyResponse> {
  return apiRequest<VerifyResponse>('/verify-content', { json: { assetUrl } });
}

export function useVerifyAssetUrl() {
  return useMutation({ mutationKey: ['verify-content'], mutationFn: verifyAssetUrl });
}
