import { describe, expect, it, vi } from 'vitest';
import { app, APP_NAME, createWebApp, WEB_APP_VERSION } from './app';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', {
    App: {
      getState: () => ({ isActive: true }),
      getInfo: () => ({ name: 'Provenance Gateway', id: 'org.provenancegateway.app', version: '0.1.0', build: '7' }),
      exitApp: () => undefined,
    },
  });
});

describe('app on a device (fake Capacitor bridge)', () => {
  it('reads the state and follows appStateChange', async () => {
    expect(await app.getState()).toBe('active');
    const seen: string[] = [];
    const stop = await app.onStateChange((state) => seen.push(state));
    bridge.emit('App', 'appStateChange', { isActive: false });
    bridge.emit('App', 'appStateChange', { isActive: true });
    stop();
    expect(seen).toEqual(['background', 'active']);
  });

  it('hears the back button', async () => {
    const listener = vi.fn();
    await app.onBackButton(listener);
    bridge.emit('App', 'backButton', { canGoBack: false });
    expect(listener).toHaveBeenCalledWith({ canGoBack: false });
  });

  it('reads name, id, version and build', async () => {
    expect(await app.getInfo()).toEqual({ name: 'Provenance Gateway', id: 'org.provenancegateway.app', version: '0.1.0', build: '7' });
    await app.exit();
    expect(bridge.callsTo('App', 'exitApp')).toHaveLength(1);
  });
});

describe('app in a browser (page visibility)', () => {
  it('is active while visible and background while hidden', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    const web = createWebApp(document, 'gateway.example');
    expect(await web.getState()).toBe('active');
    const seen: string[] = [];
    const stop = await web.onStateChange((state) => seen.push(state));
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    stop();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(seen).toEqual(['background', 'active']);
  });

  it('reports the web app version with build web', async () => {
    expect(await createWebApp(document, 'gateway.example').getInfo()).toEqual({ name: APP_NAME, id: 'gateway.example', version: WEB_APP_VERSION, build: 'web' });
    expect(WEB_APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
