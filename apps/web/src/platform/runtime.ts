// Where the app runs: inside the Capacitor shell on Android or iOS, or in a browser. Every platform
// module picks its Capacitor plugin or its web fallback with this, once, when it loads.
import { Capacitor } from '@capacitor/core';

export type RuntimePlatform = 'android' | 'ios' | 'web';

export function runtimePlatform(): RuntimePlatform {
  const platform = Capacitor.getPlatform();
  return platform === 'android' || platform === 'ios' ? platform : 'web';
}

export function isNativeApp(): boolean {
  return Capacitor.isNativePlatform();
}

/** Thrown when a capability does not exist where the app runs (the status bar in a browser). */
export class CapabilityUnavailableError extends Error {
  constructor(readonly capability: string, message: string) {
    super(message);
    this.name = 'CapabilityUnavailableError';
  }
}

/** Thrown when the person dismissed a picker, camera or share sheet: not a failure to report. */
export class CancelledError extends Error {
  constructor(message = 'Cancelled by the user') {
    super(message);
    this.name = 'CancelledError';
  }
}

export function isCancelled(error: unknown): boolean {
  if (error instanceof CancelledError) return true;
  if (error instanceof DOMException && error.name === 'AbortError') return true;
  // Capacitor plugins report a dismissed camera, picker or share sheet with these messages.
  const message = error instanceof Error ? error.message : '';
  return /cancel/i.test(message);
}
