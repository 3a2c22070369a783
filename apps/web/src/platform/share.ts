// Share capability: hand a signed asset's link to another app. On a device it is Capacitor's Share
// plugin (the system share sheet); in a browser the Web Share API, and where the browser has none,
// the link is copied to the clipboard instead so the person can paste it.
import { Share } from '@capacitor/share';
import { clipboard as defaultClipboard, type ClipboardCapability } from './clipboard';
import { CancelledError, isCancelled, isNativeApp } from './runtime';

export interface ShareContent {
  title: string;
  text?: string;
  url: string;
}

/** shared: a share sheet took it; copied: no share sheet here, the link went to the clipboard. */
export type ShareOutcome = 'shared' | 'copied';

export interface ShareCapability {
  /** Rejects with CancelledError when the person closes the share sheet. */
  share(content: ShareContent): Promise<ShareOutcome>;
}

function cancelledOr(error: unknown): Error {
  return isCancelled(error) ? new CancelledError('Share cancelled') : error instanceof Error ? error : new Error(String(error));
}

export const nativeShare: ShareCapability = {
  async share(content) {
    try {
      await Share.share({ title: content.title, text: content.text, url: content.url, dialogTitle: content.title });
      return 'shared';
    } catch (error) {
      throw cancelledOr(error);
    }
  },
};

export function createWebShare(nav: Navigator = navigator, clipboard: ClipboardCapability = defaultClipboard): ShareCapability {
  return {
    async share(content) {
      const data: ShareData = { title: content.title, text: content.text, url: content.url };
      if (typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(data))) {
        try {
          await nav.share(data);
          return 'shared';
        } catch (error) {
          // NotAllowedError: the page may not open the sheet now; fall through to copying.
          if (!(error instanceof DOMException && error.name === 'NotAllowedError')) throw cancelledOr(error);
        }
      }
      await clipboard.writeText(content.url);
      return 'copied';
    },
  };
}

export const share: ShareCapability = isNativeApp() ? nativeShare : createWebShare();
