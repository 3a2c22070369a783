import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionSheet, createWebActionSheet, type ActionSheetRequest } from './action-sheet';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('ios', { ActionSheet: { showActions: () => ({ index: 1 }) } });
});

const request: ActionSheetRequest = {
  title: 'Choose an action',
  message: 'Where would you like to go?',
  options: [{ title: 'Sign New Content' }, { title: 'Delete', style: 'destructive' }, { title: 'Cancel', style: 'cancel' }],
};

afterEach(() => document.body.replaceChildren());

describe('action sheet on a device (fake Capacitor bridge)', () => {
  it('shows the system sheet with styled options and returns the chosen index', async () => {
    expect(await actionSheet.show(request)).toBe(1);
    expect(bridge.callsTo('ActionSheet', 'showActions')).toEqual([
      { title: 'Choose an action', message: 'Where would you like to go?', options: [{ title: 'Sign New Content', style: 'DEFAULT' }, { title: 'Delete', style: 'DESTRUCTIVE' }, { title: 'Cancel', style: 'CANCEL' }] },
    ]);
  });

  it('returns null for the cancel option', async () => {
    bridge.handle('ActionSheet', 'showActions', () => ({ index: 2 }));
    expect(await actionSheet.show(request)).toBeNull();
  });
});

describe('action sheet in a browser (modal dialog)', () => {
  it('lists the options in a labelled dialog and resolves to the one clicked', async () => {
    const pending = createWebActionSheet(document).show(request);
    const dialog = document.querySelector('dialog');
    const titleId = dialog?.getAttribute('aria-labelledby') ?? '';
    expect(titleId).toMatch(/^platform-action-sheet-\d+-title$/);
    expect(document.getElementById(titleId)?.textContent).toBe('Choose an action');
    const buttons = [...(dialog?.querySelectorAll('button') ?? [])];
    expect(buttons.map((button) => button.textContent)).toEqual(['Sign New Content', 'Delete', 'Cancel']);
    expect(document.activeElement).toBe(buttons[0]);
    buttons[0]?.click();
    expect(await pending).toBe(0);
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('resolves null when dismissed (Escape closes the dialog) or cancelled', async () => {
    const dismissed = createWebActionSheet(document).show(request);
    document.querySelector('dialog')?.dispatchEvent(new Event('close'));
    expect(await dismissed).toBeNull();

    const cancelled = createWebActionSheet(document).show(request);
    [...document.querySelectorAll('dialog button')].at(-1)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(await cancelled).toBeNull();
  });
});
