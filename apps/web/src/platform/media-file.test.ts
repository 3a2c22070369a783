import { describe, expect, it } from 'vitest';
import { dataUrlToFile, mimeOfFormat, photoFileName } from './media-file';
import { CancelledError, isCancelled } from './runtime';

describe('media files', () => {
  it('decodes a base64 data URL into a typed file', async () => {
    const file = dataUrlToFile('data:image/png;base64,iVBORw0KGgo=', 'a.png');
    expect(file.type).toBe('image/png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(() => dataUrlToFile('not a data url', 'x')).toThrow('unreadable image');
  });

  it('maps camera formats to MIME types and names photos by time', () => {
    expect(mimeOfFormat('jpeg')).toBe('image/jpeg');
    expect(mimeOfFormat('JPG')).toBe('image/jpeg');
    expect(mimeOfFormat('png')).toBe('image/png');
    expect(photoFileName('image/jpeg', new Date('2026-03-04T05:06:07.890Z'))).toBe('photo-2026-03-04_05-06-07.jpg');
  });

  it('recognises a dismissed picker or sheet', () => {
    expect(isCancelled(new CancelledError())).toBe(true);
    expect(isCancelled(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isCancelled(new Error('User cancelled photos app'))).toBe(true);
    expect(isCancelled(new Error('Permission denied'))).toBe(false);
  });
});
