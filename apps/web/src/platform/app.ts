// App capability: lifecycle state (active or background) and its changes, the Android back button,
// and the app's name, version and build. On a device it is Capacitor's App plugin; in a browser the
// page's visibility stands in for the app state, there is no hardware back button (the browser owns
// history), and the version is the web app's own package version with build 'web'.
import { App } from '@capacitor/app';
import webPackage from '../../package.json';
import { isNativeApp } from './runtime';

export type AppState = 'active' | 'background';

export interface AppInfo {
  name: string;
  id: string;
  version: string;
  build: string;
}

export interface BackButtonEvent {
  canGoBack: boolean;
}

export interface AppCapability {
  getState(): Promise<AppState>;
  /** Resolves to a function that stops listening. */
  onStateChange(listener: (state: AppState) => void): Promise<() => void>;
  /** Android's back button; never fires in a browser. */
  onBackButton(listener: (event: BackButtonEvent) => void): Promise<() => void>;
  getInfo(): Promise<AppInfo>;
  /** Closes the app (Android); does nothing in a browser. */
  exit(): Promise<void>;
}

export const APP_NAME = 'Provenance Gateway';
export const WEB_APP_VERSION: string = webPackage.version;

export const nativeApp: AppCapability = {
  async getState() {
    return (await App.getState()).isActive ? 'active' : 'background';
  },
  async onStateChange(listener) {
    const handle = await App.addListener('appStateChange', ({ isActive }) => listener(isActive ? 'active' : 'background'));
    return () => void handle.remove();
  },
  async onBackButton(listener) {
    const handle = await App.addListener('backButton', ({ canGoBack }) => listener({ canGoBack }));
    return () => void handle.remove();
  },
  async getInfo() {
    const info = await App.getInfo();
    return { name: info.name, id: info.id, version: info.version, build: info.build };
  },
  async exit() {
    await App.exitApp();
  },
};

export function createWebApp(doc: Document = document, origin: string = typeof location === 'undefined' ? 'web' : location.host): AppCapability {
  const state = (): AppState => (doc.visibilityState === 'hidden' ? 'background' : 'active');
  return {
    getState: async () => state(),
    async onStateChange(listener) {
      const onChange = (): void => listener(state());
      doc.addEventListener('visibilitychange', onChange);
      return () => doc.removeEventListener('visibilitychange', onChange);
    },
    onBackButton: async () => () => undefined,
    getInfo: async () => ({ name: APP_NAME, id: origin, version: WEB_APP_VERSION, build: 'web' }),
    exit: async () => undefined,
  };
}

export const app: AppCapability = isNativeApp() ? nativeApp : createWebApp();
