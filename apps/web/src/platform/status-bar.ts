// Status bar capability: text style and background colour of the system status bar. On a device it
// is Capacitor's StatusBar plugin (the colour applies on Android; iOS draws the web view behind a
// transparent bar); a browser has no status bar, so the web fallback rejects with
// CapabilityUnavailableError and the caller logs it.
import { StatusBar, Style } from '@capacitor/status-bar';
import { CapabilityUnavailableError, isNativeApp, runtimePlatform } from './runtime';

/** The bar starts blue and can become red, green or yellow. */
export const STATUS_BAR_COLOURS = { blue: '#1e3a8a', red: '#e11d48', green: '#16a34a', yellow: '#eab308' } as const;
export type StatusBarColourName = keyof typeof STATUS_BAR_COLOURS;
export const INITIAL_STATUS_BAR_COLOUR: StatusBarColourName = 'blue';

/** light: light text for dark backgrounds; dark: dark text for light backgrounds. */
export type StatusBarText = 'light' | 'dark';

export interface StatusBarCapability {
  setBackgroundColor(hex: string): Promise<void>;
  setTextStyle(style: StatusBarText): Promise<void>;
}

/** Yellow needs dark text to stay readable; the other colours take light text. */
export function textStyleFor(hex: string): StatusBarText {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? 'dark' : 'light';
}

export const nativeStatusBar: StatusBarCapability = {
  async setBackgroundColor(hex) {
    // iOS has no status bar background of its own: the style is all it takes there.
    if (runtimePlatform() === 'android') await StatusBar.setBackgroundColor({ color: hex });
  },
  async setTextStyle(style) {
    await StatusBar.setStyle({ style: style === 'light' ? Style.Dark : Style.Light });
  },
};

function unavailable(): Promise<never> {
  return Promise.reject(new CapabilityUnavailableError('status-bar', 'Status bar not available on the web'));
}

export const webStatusBar: StatusBarCapability = { setBackgroundColor: unavailable, setTextStyle: unavailable };

export const statusBar: StatusBarCapability = isNativeApp() ? nativeStatusBar : webStatusBar;

/** Colours the bar and picks the readable text style for it. */
export async function applyStatusBarColour(bar: StatusBarCapability, hex: string): Promise<void> {
  await bar.setTextStyle(textStyleFor(hex));
  await bar.setBackgroundColor(hex);
}
