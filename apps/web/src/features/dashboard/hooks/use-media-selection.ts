// Capture (camera) and Pick File for the signing form, through the
// platform's camera and picker: 'Photo Captured' / 'File Selected' on success, 'Camera Error' /
// 'File Picker Error' on failure, nothing when the person just closed the camera or chooser.
import { useState } from 'react';
import { toast } from 'sonner';
import { camera } from '@/platform/camera';
import type { CapturedMedia } from '@/platform/media-file';
import { photoPicker } from '@/platform/photo-picker';
import { isCancelled } from '@/platform/runtime';

export interface SelectedMedia extends CapturedMedia {
  /** An object URL for <img>/<video>, revoked when the selection is replaced or cleared. */
  previewUrl: string;
}

export function useMediaSelection() {
  const [media, setMedia] = useState<SelectedMedia | null>(null);

  function replace(next: SelectedMedia | null): void {
    setMedia((current) => {
      if (current) URL.revokeObjectURL(current.previewUrl);
      return next;
    });
  }

  function select(next: CapturedMedia): void {
    replace({ ...next, previewUrl: URL.createObjectURL(next.file) });
  }

  /** Resolves true when a photo was taken. */
  async function capture(): Promise<boolean> {
    try {
      const photo = await camera.capturePhoto();
      select(photo);
      toast.success('Photo Captured', { description: 'Add its credentials below, then sign it' });
      return true;
    } catch (error) {
      if (isCancelled(error)) return false;
      console.error('Camera capture failed', error);
      toast.error('Camera Error', { description: 'Unable to access camera' });
      return false;
    }
  }

  async function pick(): Promise<void> {
    try {
      const file = await photoPicker.pick();
      select(file);
      toast.success('File Selected', { description: file.file.name });
    } catch (error) {
      if (isCancelled(error)) return;
      console.error('File selection failed', error);
      toast.error('File Picker Error', { description: 'Unable to select file' });
    }
  }

  return { media, capture, pick, clear: () => replace(null) };
}
