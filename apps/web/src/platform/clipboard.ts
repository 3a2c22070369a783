// Clipboard capability: write text (manifest IDs, coordinates, device details). On a device it is
// Capacitor's Clipboard plugin; in a browser the async Clipboard API, with the older execCommand
// copy where the page is not allowed to use it.
import { Clipboard } from '@capacitor/clipboard';
import { isNativeApp } from './runtime';

export interface ClipboardCapability {
  writeText(text: string): Promise<void>;
}

export const nativeClipboard: ClipboardCapability = {
  async writeText(text) {
    await Clipboard.write({ string: text });
  },
};

function legacyCopy(doc: Document, text: string): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  doc.body.append(area);
  area.select();
  try {
    return typeof doc.execCommand === 'function' && doc.execCommand('copy');
  } finally {
    area.remove();
  }
}

export function createWebClipboard(nav: Navigator = navigator, doc: Document = document): ClipboardCapability {
  return {
    async writeText(text) {
      if (nav.clipboard?.writeText) {
        try {
          await nav.clipboard.writeText(text);
          return;
        } catch (error) {
          if (!legacyCopy(doc, text)) throw error;
          return;
        }
      }
      if (!legacyCopy(doc, text)) throw new Error('This browser does not allow copying to the clipboard');
    },
  };
}

export const clipboard: ClipboardCapability = isNativeApp() ? nativeClipboard : createWebClipboard();
