// What the Capacitor shell needs once at start, on a device only: Android's back button walks the
// web history and leaves the app at its first screen, and the status bar takes its starting blue
//. In a browser it does nothing: the browser owns back and has no status bar.
import { app as defaultApp, type AppCapability } from './app';
import { isNativeApp } from './runtime';
import { applyStatusBarColour, INITIAL_STATUS_BAR_COLOUR, STATUS_BAR_COLOURS, statusBar as defaultStatusBar, type StatusBarCapability } from './status-bar';

export interface NativeShellDeps {
  native: boolean;
  app: AppCapability;
  statusBar: StatusBarCapability;
  history: Pick<History, 'back'>;
}

/** Starts the shell's listeners; returns a function that removes them. */
export function startNativeShell(deps: NativeShellDeps = { native: isNativeApp(), app: defaultApp, statusBar: defaultStatusBar, history: window.history }): () => void {
  if (!deps.native) return () => undefined;
  let stopped = false;
  let removeBack: (() => void) | null = null;
  void deps.app
    .onBackButton(({ canGoBack }) => {
      if (canGoBack) deps.history.back();
      else void deps.app.exit();
    })
    .then((remove) => {
      if (stopped) remove();
      else removeBack = remove;
    });
  applyStatusBarColour(deps.statusBar, STATUS_BAR_COLOURS[INITIAL_STATUS_BAR_COLOUR]).catch((error: unknown) => console.info('Status bar not available', error));
  return () => {
    stopped = true;
    removeBack?.();
  };
}
