// Action sheet capability: a short list of choices sliding up from the bottom. On a device it is
// Capacitor's ActionSheet plugin (the system sheet); in a browser a modal <dialog> built here, so it
// traps focus, closes on Escape and reads as a dialog to screen readers. Resolves to the index of
// the chosen option, or null when the sheet is dismissed.
import { ActionSheet, ActionSheetButtonStyle } from '@capacitor/action-sheet';
import { isNativeApp } from './runtime';

export type ActionStyle = 'default' | 'destructive' | 'cancel';

export interface ActionOption {
  title: string;
  style?: ActionStyle;
}

export interface ActionSheetRequest {
  title: string;
  message?: string;
  options: ActionOption[];
}

export interface ActionSheetCapability {
  /** The chosen option's index, or null when dismissed or when the cancel option was chosen. */
  show(request: ActionSheetRequest): Promise<number | null>;
}

const NATIVE_STYLE: Record<ActionStyle, ActionSheetButtonStyle> = {
  default: ActionSheetButtonStyle.Default,
  destructive: ActionSheetButtonStyle.Destructive,
  cancel: ActionSheetButtonStyle.Cancel,
};

function chosen(request: ActionSheetRequest, index: number): number | null {
  const option = request.options[index];
  return option && option.style !== 'cancel' ? index : null;
}

export const nativeActionSheet: ActionSheetCapability = {
  async show(request) {
    const result = await ActionSheet.showActions({
      title: request.title,
      message: request.message,
      options: request.options.map((option) => ({ title: option.title, style: NATIVE_STYLE[option.style ?? 'default'] })),
    });
    return result.index < 0 ? null : chosen(request, result.index);
  },
};

const BUTTON = 'w-full rounded-lg px-4 py-3 text-center text-base font-medium transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

export function createWebActionSheet(doc: Document = document): ActionSheetCapability {
  let opened = 0;
  return {
    show(request) {
      return new Promise((resolve) => {
        opened += 1;
        // Unique per sheet, so the label can never point at another element of the page.
        const titleId = `platform-action-sheet-${opened}-title`;
        const dialog = doc.createElement('dialog');
        dialog.setAttribute('aria-labelledby', titleId);
        dialog.dataset.testid = 'action-sheet';
        dialog.className =
          'fixed inset-x-0 bottom-0 top-auto m-0 mx-auto w-full max-w-md rounded-t-2xl border bg-card p-4 pb-6 text-card-foreground shadow-2xl backdrop:bg-black/50 sm:bottom-6 sm:rounded-2xl';
        const heading = doc.createElement('h2');
        heading.id = titleId;
        heading.className = 'px-2 pt-1 text-center text-sm font-semibold';
        heading.textContent = request.title;
        dialog.append(heading);
        if (request.message) {
          const message = doc.createElement('p');
          message.className = 'px-2 pt-1 text-center text-sm text-muted-foreground';
          message.textContent = request.message;
          dialog.append(message);
        }
        const list = doc.createElement('div');
        list.className = 'mt-3 flex flex-col gap-1';
        let result: number | null = null;
        request.options.forEach((option, index) => {
          const button = doc.createElement('button');
          button.type = 'button';
          button.textContent = option.title;
          const tone = option.style === 'destructive' ? ' text-destructive' : option.style === 'cancel' ? ' mt-2 border font-semibold' : ' text-primary';
          button.className = BUTTON + tone;
          button.addEventListener('click', () => {
            result = chosen(request, index);
            close();
          });
          list.append(button);
        });
        dialog.append(list);

        let settled = false;
        const close = (): void => {
          if (settled) return;
          settled = true;
          if (typeof dialog.close === 'function' && dialog.open) dialog.close();
          dialog.remove();
          resolve(result);
        };
        // Escape closes a modal <dialog> with a 'cancel' then 'close' event; a click on the backdrop
        // lands on the dialog element itself.
        dialog.addEventListener('close', close);
        dialog.addEventListener('click', (event) => {
          if (event.target === dialog) close();
        });
        doc.body.append(dialog);
        if (typeof dialog.showModal === 'function') dialog.showModal();
        else dialog.setAttribute('open', '');
        list.querySelector('button')?.focus();
      });
    },
  };
}

export const actionSheet: ActionSheetCapability = isNativeApp() ? nativeActionSheet : createWebActionSheet();
