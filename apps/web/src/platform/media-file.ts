// Conversions between what the camera and pickers return (data URLs, Blobs, <input type=file>) and
// what the rest of the app uploads and previews: a File plus a data URL, the CapturedMedia.
import { CancelledError } from './runtime';

export interface CapturedMedia {
  /** The bytes to upload for signing. */
  file: File;
  /** The same bytes as a data: URL, for an <img> preview. */
  dataUrl: string;
  mime: string;
  source: 'camera' | 'library' | 'file';
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/heic': 'heic', 'image/gif': 'gif' };

export function mimeOfFormat(format: string): string {
  const f = format.toLowerCase();
  if (f === 'jpg' || f === 'jpeg') return 'image/jpeg';
  return f.includes('/') ? f : `image/${f}`;
}

/** A name that says where and when the photo was taken, with the right extension for its type. */
export function photoFileName(mime: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace('T', '_').slice(0, 19);
  return `photo-${stamp}.${EXTENSIONS[mime] ?? 'bin'}`;
}

export function dataUrlToFile(dataUrl: string, name: string): File {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) throw new Error('The camera returned an unreadable image');
  const [, mime = 'application/octet-stream', base64, payload = ''] = match;
  const text = base64 ? atob(payload) : decodeURIComponent(payload);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return new File([bytes], name, { type: mime });
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Unable to read the file'));
    reader.readAsDataURL(blob);
  });
}

export async function mediaFromFile(file: File, source: CapturedMedia['source']): Promise<CapturedMedia> {
  return { file, dataUrl: await blobToDataUrl(file), mime: file.type || 'application/octet-stream', source };
}

export interface FileInputOptions {
  accept: string;
  /** Asks a phone browser to open its camera straight away. */
  capture?: 'environment' | 'user';
}

/**
 * Opens the browser's file chooser with a detached <input type=file> and resolves to the chosen
 * file; rejects with CancelledError when the chooser is dismissed (the input's `cancel` event).
 */
export function chooseFile(options: FileInputOptions, doc: Document = document): Promise<File> {
  return new Promise((resolve, reject) => {
    const input = doc.createElement('input');
    input.type = 'file';
    input.accept = options.accept;
    if (options.capture) input.setAttribute('capture', options.capture);
    input.style.display = 'none';
    const done = (): void => input.remove();
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      done();
      if (file) resolve(file);
      else reject(new CancelledError('No file was chosen'));
    });
    input.addEventListener('cancel', () => {
      done();
      reject(new CancelledError('No file was chosen'));
    });
    doc.body.append(input);
    input.click();
  });
}
