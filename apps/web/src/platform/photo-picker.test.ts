import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebPhotoPicker, photoPicker, SIGNABLE_MEDIA } from './photo-picker';
import { CancelledError } from './runtime';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('ios', { Camera: { getPhoto: () => ({ dataUrl: 'data:image/png;base64,iVBORw0KGgo=', format: 'png', saved: false }) } });
});

afterEach(() => document.body.replaceChildren());

describe('photo picker on a device (fake Capacitor bridge)', () => {
  it('chooses from the photo library', async () => {
    const media = await photoPicker.pick();
    expect(bridge.callsTo('Camera', 'getPhoto')).toEqual([expect.objectContaining({ source: 'PHOTOS', resultType: 'dataUrl', quality: 90 })]);
    expect(media.mime).toBe('image/png');
    expect(media.file.name).toMatch(/\.png$/);
    expect(media.source).toBe('library');
  });
});

describe('photo picker in a browser (file chooser)', () => {
  it('accepts images and videos and returns the chosen file with a preview URL', async () => {
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const pending = createWebPhotoPicker(document).pick();
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    expect(input?.accept).toBe(SIGNABLE_MEDIA);
    expect(input?.hasAttribute('capture')).toBe(false);
    const file = new File(['abc'], 'clip.mp4', { type: 'video/mp4' });
    Object.defineProperty(input, 'files', { value: [file] });
    input?.dispatchEvent(new Event('change'));
    const media = await pending;
    expect(media).toMatchObject({ file, mime: 'video/mp4', source: 'file' });
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  it('rejects with CancelledError when the chooser is dismissed', async () => {
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    const pending = createWebPhotoPicker(document).pick({ accept: 'image/*' });
    document.querySelector('input[type=file]')?.dispatchEvent(new Event('cancel'));
    await expect(pending).rejects.toBeInstanceOf(CancelledError);
  });
});
