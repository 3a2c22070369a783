import { describe, expect, it, vi } from 'vitest';
import { clipboard, createWebClipboard } from './clipboard';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', { Clipboard: { write: () => undefined } });
});

describe('clipboard on a device (fake Capacitor bridge)', () => {
  it('writes the text through the Clipboard plugin', async () => {
    await clipboard.writeText('urn:c2pa:1234');
    expect(bridge.callsTo('Clipboard', 'write')).toEqual([{ string: 'urn:c2pa:1234' }]);
  });
});

describe('clipboard in a browser', () => {
  it('uses the async Clipboard API', async () => {
    const writeText = vi.fn(async () => undefined);
    await createWebClipboard({ clipboard: { writeText } } as unknown as Navigator, document).writeText('51.507351');
    expect(writeText).toHaveBeenCalledWith('51.507351');
  });

  it('falls back to execCommand copy when the page may not use the Clipboard API', async () => {
    const writeText = vi.fn(async () => {
      throw new DOMException('Write permission denied', 'NotAllowedError');
    });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    await createWebClipboard({ clipboard: { writeText } } as unknown as Navigator, document).writeText('web');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('rejects when neither way is allowed', async () => {
    Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
    await expect(createWebClipboard({} as Navigator, document).writeText('x')).rejects.toThrow('does not allow copying');
  });
});
