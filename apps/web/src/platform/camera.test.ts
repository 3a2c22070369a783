import { afterEach, describe, expect, it, vi } from 'vitest';
import { camera, createWebCamera, PHOTO_QUALITY } from './camera';
import { CancelledError } from './runtime';

const JPEG_DATA_URL = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', { Camera: { getPhoto: () => ({ dataUrl: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==', format: 'jpeg', saved: false }) } });
});

afterEach(() => document.body.replaceChildren());

describe('camera on a device (fake Capacitor bridge)', () => {
  it('takes a JPEG at quality 90 from the camera and returns it as a file and a data URL', async () => {
    const photo = await camera.capturePhoto();
    expect(bridge.callsTo('Camera', 'getPhoto')).toEqual([expect.objectContaining({ quality: 90, resultType: 'dataUrl', source: 'CAMERA', saveToGallery: false })]);
    expect(photo.dataUrl).toBe(JPEG_DATA_URL);
    expect(photo.mime).toBe('image/jpeg');
    expect(photo.source).toBe('camera');
    expect(photo.file.name).toMatch(/^photo-.*\.jpg$/);
    expect([...new Uint8Array(await photo.file.arrayBuffer())].slice(0, 3)).toEqual([0xff, 0xd8, 0xff]);
  });

  it('rejects when the device refuses the camera, so the screen can say Camera Error', async () => {
    bridge.handle('Camera', 'getPhoto', () => {
      throw new Error('User denied access to camera');
    });
    await expect(camera.capturePhoto()).rejects.toThrow('User denied access to camera');
  });
});

function fakeStream(): { stream: MediaStream; stop: ReturnType<typeof vi.fn> } {
  const stop = vi.fn();
  return { stream: { getTracks: () => [{ stop }] } as unknown as MediaStream, stop };
}

describe('camera in a browser (getUserMedia fallback)', () => {
  it('grabs a frame from the camera stream as a quality 90 JPEG and stops the camera', async () => {
    const { stream, stop } = fakeStream();
    const getUserMedia = vi.fn(async () => stream);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    const drawImage = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })));

    const web = createWebCamera({ document, mediaDevices: { getUserMedia } as unknown as MediaDevices });
    const pending = web.capturePhoto();
    // The viewfinder shows the live stream until the person presses the shutter.
    await vi.waitFor(() => expect(document.querySelector('dialog video')).not.toBeNull());
    const dialog = document.querySelector('dialog');
    expect(document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Take a photo');
    expect(drawImage).not.toHaveBeenCalled();
    const shutter = [...(dialog?.querySelectorAll('button') ?? [])].find((button) => button.textContent === 'Take Photo');
    expect(document.activeElement).toBe(shutter);
    shutter?.click();
    const photo = await pending;

    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: 'environment' }), audio: false }));
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, 640, 480);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', PHOTO_QUALITY / 100);
    expect(photo.mime).toBe('image/jpeg');
    expect(photo.dataUrl).toMatch(/^data:image\/jpeg;base64,/);
    expect(stop).toHaveBeenCalled();
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('cancels, stopping the camera, when the viewfinder is closed', async () => {
    const { stream, stop } = fakeStream();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    const web = createWebCamera({ document, mediaDevices: { getUserMedia: async () => stream } as unknown as MediaDevices });
    const pending = web.capturePhoto();
    await vi.waitFor(() => expect(document.querySelector('dialog')).not.toBeNull());
    [...document.querySelectorAll('dialog button')].find((button) => button.textContent === 'Cancel')?.dispatchEvent(new MouseEvent('click'));
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
    expect(stop).toHaveBeenCalled();
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('rejects when the person refuses camera access', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    const web = createWebCamera({ document, mediaDevices: { getUserMedia } as unknown as MediaDevices });
    await expect(web.capturePhoto()).rejects.toThrow('Permission denied');
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  it('opens the file chooser with capture where the browser has no camera', async () => {
    const web = createWebCamera({ document, mediaDevices: undefined });
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const pending = web.capturePhoto();
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    expect(input?.accept).toBe('image/*');
    expect(input?.getAttribute('capture')).toBe('environment');
    expect(click).toHaveBeenCalled();
    const file = new File([new Uint8Array([1, 2, 3])], 'shot.jpg', { type: 'image/jpeg' });
    Object.defineProperty(input, 'files', { value: [file] });
    input?.dispatchEvent(new Event('change'));
    const photo = await pending;
    expect(photo.file).toBe(file);
    expect(photo.dataUrl).toBe('data:image/jpeg;base64,AQID');
  });
});
