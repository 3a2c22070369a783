import { describe, expect, it, vi } from 'vitest';
import { CancelledError } from './runtime';
import { createWebShare, share } from './share';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', { Share: { share: () => ({ activityType: 'com.example' }) } });
});

const content = { title: 'Signed photo', text: 'Content Credentials attached', url: 'https://gateway.example/api/v1/assets/1' };

describe('share on a device (fake Capacitor bridge)', () => {
  it('opens the system share sheet with the title, text and link', async () => {
    expect(await share.share(content)).toBe('shared');
    expect(bridge.callsTo('Share', 'share')).toEqual([{ ...content, dialogTitle: content.title }]);
  });

  it('reports a dismissed sheet as cancelled, not as a failure', async () => {
    bridge.handle('Share', 'share', () => {
      throw new Error('Share canceled');
    });
    await expect(share.share(content)).rejects.toBeInstanceOf(CancelledError);
  });
});

describe('share in a browser (Web Share API fallback)', () => {
  it('uses navigator.share where the browser has it', async () => {
    const webShare = vi.fn(async () => undefined);
    const clipboard = { writeText: vi.fn(async () => undefined) };
    const outcome = await createWebShare({ share: webShare, canShare: () => true } as unknown as Navigator, clipboard).share(content);
    expect(outcome).toBe('shared');
    expect(webShare).toHaveBeenCalledWith(content);
    expect(clipboard.writeText).not.toHaveBeenCalled();
  });

  it('turns an AbortError into CancelledError', async () => {
    const webShare = vi.fn(async () => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    await expect(createWebShare({ share: webShare } as unknown as Navigator, { writeText: vi.fn() }).share(content)).rejects.toBeInstanceOf(CancelledError);
  });

  it('copies the link where the browser cannot share', async () => {
    const clipboard = { writeText: vi.fn(async () => undefined) };
    expect(await createWebShare({} as Navigator, clipboard).share(content)).toBe('copied');
    expect(clipboard.writeText).toHaveBeenCalledWith(content.url);
  });
});
