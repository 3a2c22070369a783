// Camera capability: take a photo (JPEG, quality 90). On a device it is
// Capacitor's Camera plugin; in a browser it shows the camera stream (getUserMedia) in a viewfinder
// and grabs the frame when the person presses 'Take Photo'; where the browser has no camera, it
// opens the file chooser with `capture` so a phone browser still offers its camera app. Denied
// permission rejects, so the caller shows 'Camera Error'; closing the viewfinder is a cancel.
import { Camera, CameraResultType, CameraSource } from '@capacitor/camera';
import { showViewfinder } from './camera-viewfinder';
import { dataUrlToFile, mediaFromFile, mimeOfFormat, photoFileName, chooseFile, type CapturedMedia } from './media-file';
import { isNativeApp } from './runtime';

export const PHOTO_QUALITY = 90;

export interface CameraCapability {
  capturePhoto(): Promise<CapturedMedia>;
}

export const nativeCamera: CameraCapability = {
  async capturePhoto() {
    const photo = await Camera.getPhoto({
      quality: PHOTO_QUALITY,
      resultType: CameraResultType.DataUrl,
      source: CameraSource.Camera,
      saveToGallery: false,
      correctOrientation: true,
    });
    if (!photo.dataUrl) throw new Error('The camera returned no image');
    const mime = mimeOfFormat(photo.format);
    const file = dataUrlToFile(photo.dataUrl, photoFileName(mime));
    return { file, dataUrl: photo.dataUrl, mime: file.type || mime, source: 'camera' };
  },
};

export interface WebCameraEnvironment {
  document: Document;
  mediaDevices: MediaDevices | undefined;
}

/** Errors of getUserMedia that mean "there is no camera here", as opposed to "not allowed". */
const NO_CAMERA = new Set(['NotFoundError', 'OverconstrainedError', 'NotReadableError']);

async function startVideo(stream: MediaStream, doc: Document): Promise<HTMLVideoElement> {
  const video = doc.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await video.play();
  if (video.videoWidth === 0) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
  return video;
}

async function frameAsJpeg(video: HTMLVideoElement, doc: Document): Promise<Blob> {
  const canvas = doc.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Unable to read the camera image');
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PHOTO_QUALITY / 100));
  if (!blob) throw new Error('Unable to encode the camera image');
  return blob;
}

export function createWebCamera(env: WebCameraEnvironment): CameraCapability {
  return {
    async capturePhoto() {
      let stream: MediaStream | null = null;
      try {
        if (!env.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotFoundError');
        stream = await env.mediaDevices.getUserMedia({ video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false });
      } catch (error) {
        if (error instanceof DOMException && NO_CAMERA.has(error.name)) {
          return mediaFromFile(await chooseFile({ accept: 'image/*', capture: 'environment' }, env.document), 'camera');
        }
        throw error;
      }
      try {
        const video = await startVideo(stream, env.document);
        await showViewfinder(env.document, video);
        const blob = await frameAsJpeg(video, env.document);
        return await mediaFromFile(new File([blob], photoFileName('image/jpeg'), { type: 'image/jpeg' }), 'camera');
      } finally {
        for (const track of stream.getTracks()) track.stop();
      }
    },
  };
}

export const camera: CameraCapability = isNativeApp()
  ? nativeCamera
  : createWebCamera({ document, mediaDevices: typeof navigator === 'undefined' ? undefined : navigator.mediaDevices });
