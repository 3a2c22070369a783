import { describe, expect, it, vi } from 'vitest';
import type { AppCapability, BackButtonEvent } from './app';
import { startNativeShell } from './native-shell';

function fakeApp() {
  let back: ((event: BackButtonEvent) => void) | null = null;
  const remove = vi.fn();
  const app: AppCapability = {
    getState: vi.fn(),
    onStateChange: vi.fn(),
    onBackButton: vi.fn(async (listener: (event: BackButtonEvent) => void) => {
      back = listener;
      return remove;
    }),
    getInfo: vi.fn(),
    exit: vi.fn(async () => undefined),
  };
  return { app, remove, press: (canGoBack: boolean) => back?.({ canGoBack }) };
}

describe('native shell', () => {
  it('walks back through history, leaves the app at the first screen, and colours the bar blue', async () => {
    const { app, remove, press } = fakeApp();
    const statusBar = { setBackgroundColor: vi.fn(async () => undefined), setTextStyle: vi.fn(async () => undefined) };
    const history = { back: vi.fn() };
    const stop = startNativeShell({ native: true, app, statusBar, history });
    await vi.waitFor(() => expect(app.onBackButton).toHaveBeenCalled());
    await Promise.resolve();
    press(true);
    expect(history.back).toHaveBeenCalledOnce();
    press(false);
    expect(app.exit).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(statusBar.setBackgroundColor).toHaveBeenCalledWith('#1e3a8a'));
    expect(statusBar.setTextStyle).toHaveBeenCalledWith('light');
    stop();
    expect(remove).toHaveBeenCalled();
  });

  it('does nothing in a browser', () => {
    const { app } = fakeApp();
    const statusBar = { setBackgroundColor: vi.fn(), setTextStyle: vi.fn() };
    startNativeShell({ native: false, app, statusBar, history: { back: vi.fn() } })();
    expect(app.onBackButton).not.toHaveBeenCalled();
    expect(statusBar.setTextStyle).not.toHaveBeenCalled();
  });
});
