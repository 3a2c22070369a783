// Signing: 'Signing...' with upload progress, then the toast 'Content
// Signed Successfully!', the manifest ID on the clipboard and a local notification after 1 s; or
// 'Signing Failed'. Device and location details are gathered at signing time; a location that
// cannot be read is left out without a word.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { TSignContentResponse } from '@provenance/contracts';
import { analyticsKeys } from '@/lib/api/analytics';
import { assetKeys } from '@/lib/api/assets';
import { ApiError } from '@/lib/api/client';
import { signByUrl, signUpload, type UploadProgress } from '@/lib/api/signing';
import { signingIdentityKeys } from '@/lib/api/signing-identities';
import { collectCaptureMetadata } from '@/platform/capture-metadata';
import { clipboard } from '@/platform/clipboard';
import { localNotifications, NOTIFICATION_DELAY_MS } from '@/platform/local-notifications';
import { isNativeApp } from '@/platform/runtime';
import { buildMetadata, type DeviceDetailsForSigning, type SignFormValues } from '../lib/sign-form';
import type { SelectedMedia } from './use-media-selection';

async function deviceDetails(includeLocation: boolean, capturedWithCamera: boolean): Promise<DeviceDetailsForSigning | null> {
  try {
    const collected = await collectCaptureMetadata({ includeLocation, capturedWithCamera });
    // The mobile software agent names this app as the tool that made the photo: true for a photo
    // captured here or anything signed in the native app, not for a URL signed in a browser.
    return { deviceInfo: collected.deviceInfo, location: collected.location, softwareAgent: capturedWithCamera || isNativeApp() ? collected.softwareAgent : null };
  } catch (error) {
    console.warn('Device details unavailable for signing', error);
    return null;
  }
}

export function useSignContent(userId: string, onSigned: (result: TSignContentResponse) => void) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  /** `organization`: the name to sign under, given while the account has none (the signing sets it). */
  async function sign(values: SignFormValues, media: SelectedMedia | null, organization?: string): Promise<void> {
    setBusy(true);
    try {
      const capturedWithCamera = media?.source === 'camera';
      const device = await deviceDetails(values.includeLocation, capturedWithCamera);
      const metadata = buildMetadata(values, { capturedWithCamera, device });
      if (media) setProgress({ loaded: 0, total: media.file.size });
      const result = media ? await signUpload(media.file, metadata, { onProgress: setProgress }, organization) : await signByUrl(values.assetUrl.trim(), metadata, organization);

      let copied = true;
      await clipboard.writeText(result.manifestId).catch((error: unknown) => {
        copied = false;
        console.warn('The manifest ID could not be copied', error);
      });
      toast.success('Content Signed Successfully!', {
        description: `Manifest ID: ${result.manifestId}${copied ? '\n(copied to your clipboard)' : ''}`,
      });
      localNotifications
        .schedule({ title: 'Content Signed', body: `Content Credentials added. Manifest ID: ${result.manifestId}`, delayMs: NOTIFICATION_DELAY_MS })
        .catch((error: unknown) => console.warn('The signing notification could not be scheduled', error));
      void queryClient.invalidateQueries({ queryKey: assetKeys.all(userId) });
      void queryClient.invalidateQueries({ queryKey: analyticsKeys.all(userId) });
      if (organization !== undefined) {
        void queryClient.invalidateQueries({ queryKey: signingIdentityKeys.organization(userId) });
        void queryClient.invalidateQueries({ queryKey: signingIdentityKeys.list(userId) });
      }
      onSigned(result);
    } catch (error) {
      const description = error instanceof ApiError && error.message ? error.message : 'Unable to sign content';
      toast.error('Signing Failed', { description });
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }

  return { sign, busy, progress };
}
