// Capacitor packaging of the web app as the Provenance Gateway mobile app (Android and iOS).
// The native shells load the built app from dist/ and talk to the gateway named by
// VITE_API_BASE_URL at build time (the server already accepts the Capacitor origins for CORS).
// CAP_SERVER_URL points the shell at a running gateway instead, for live development on a device.
import type { CapacitorConfig } from '@capacitor/cli';

const liveServer = process.env.CAP_SERVER_URL;

const config: CapacitorConfig = {
  appId: 'org.provenancegateway.app',
  appName: 'Provenance Gateway',
  webDir: 'dist',
  ...(liveServer ? { server: { url: liveServer, cleartext: liveServer.startsWith('http:') } } : {}),
  android: { allowMixedContent: false },
  ios: { contentInset: 'automatic' },
  plugins: {
    // The status bar starts blue (#1e3a8a) with light text.
    StatusBar: { backgroundColor: '#1e3a8a', style: 'DARK', overlaysWebView: false },
    LocalNotifications: { iconColor: '#1e3a8a' },
  },
};

export default config;
