// Photo picker capability: choose an existing photo (or, in a browser, a video) to sign. On a device
// it is the Camera plugin's photo library; in a browser it is the file chooser.
import { Camera, CameraResultType, CameraSource } from '@capacitor/camera';
import { chooseFile, dataUrlToFile, mediaFromFile, mimeOfFormat, photoFileName, type CapturedMedia } from './media-file';
import { PHOTO_QUALITY } from './camera';
import { isNativeApp } from './runtime';

/** What the browser's chooser accepts: the image and video formats the engine signs. */
export const SIGNABLE_MEDIA = 'image/*,video/*';

export interface PhotoPickerCapability {
  pick(options?: { accept?: string }): Promise<CapturedMedia>;
}

export const nativePhotoPicker: PhotoPickerCapability = {
  async pick() {
    const photo = await Camera.getPhoto({ quality: PHOTO_QUALITY, resultType: CameraResultType.DataUrl, source: CameraSource.Photos, correctOrientation: true });
    if (!photo.dataUrl) throw new Error('The photo library returned no image');
    const mime = mimeOfFormat(photo.format);
    const file = dataUrlToFile(photo.dataUrl, photoFileName(mime));
    return { file, dataUrl: photo.dataUrl, mime: file.type || mime, source: 'library' };
  },
};

export function createWebPhotoPicker(doc: Document = document): PhotoPickerCapability {
  return {
    async pick(options) {
      return mediaFromFile(await chooseFile({ accept: options?.accept ?? SIGNABLE_MEDIA }, doc), 'file');
    },
  };
}

export const photoPicker: PhotoPickerCapability = isNativeApp() ? nativePhotoPicker : createWebPhotoPicker();
