// The device part of a signing request's metadata for a photo taken in the app: deviceInfo from the device, the capture location, and the mobile software
// agent 'Provenance Gateway Mobile/<app version>'. The location is coarsened to 3 decimals (about
// 110 m) unless the person chose precise location (per call, or on the Device Information screen),
// and left out when it cannot be read, permission refused included: a failed location never stops a
// signing.
import type { TSigningMetadata } from '@provenance/contracts';
import { app as defaultApp, type AppCapability } from './app';
import { device as defaultDevice, type DeviceCapability, type DeviceDetails } from './device';
import { geolocation as defaultGeolocation, type DevicePosition, type GeolocationCapability } from './geolocation';
import { locationPrecision } from './location-precision';

export type CaptureDeviceInfo = NonNullable<TSigningMetadata['deviceInfo']>;
export type CaptureLocation = NonNullable<TSigningMetadata['location']>;

export interface CaptureMetadata {
  deviceInfo: CaptureDeviceInfo | null;
  location: CaptureLocation | null;
  softwareAgent: string;
  capturedWithCamera: boolean;
}

export const MOBILE_SOFTWARE_AGENT = 'Provenance Gateway Mobile';
export const COARSE_DECIMALS = 3;
/**
 * Worst-case distance between a position and its 3-decimal rounding at the equator (half of
 * 0.001 degree on each axis, about 55.7 m, so about 78.7 m diagonally): the accuracy a coarsened
 * location can honestly claim.
 */
export const COARSE_ACCURACY_M = 79;

export function mobileSoftwareAgent(appVersion: string): string {
  return `${MOBILE_SOFTWARE_AGENT}/${appVersion}`;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function captureLocation(position: DevicePosition, precise: boolean): CaptureLocation {
  if (precise) return { latitude: position.latitude, longitude: position.longitude, accuracy: position.accuracy };
  return {
    latitude: roundTo(position.latitude, COARSE_DECIMALS),
    longitude: roundTo(position.longitude, COARSE_DECIMALS),
    accuracy: Math.max(Math.round(position.accuracy), COARSE_ACCURACY_M),
  };
}

export function captureDeviceInfo(details: DeviceDetails): CaptureDeviceInfo {
  const clip = (text: string): string => text.slice(0, 100);
  return { platform: clip(details.platform), model: clip(details.model), manufacturer: clip(details.manufacturer), osVersion: clip(details.osVersion) };
}

export interface CaptureMetadataInput {
  device: DeviceDetails | null;
  appVersion: string;
  position: DevicePosition | null;
  precise: boolean;
  capturedWithCamera?: boolean;
}

export function buildCaptureMetadata(input: CaptureMetadataInput): CaptureMetadata {
  return {
    deviceInfo: input.device ? captureDeviceInfo(input.device) : null,
    location: input.position ? captureLocation(input.position, input.precise) : null,
    softwareAgent: mobileSoftwareAgent(input.appVersion),
    capturedWithCamera: input.capturedWithCamera ?? true,
  };
}

export interface CollectOptions {
  /** Exact coordinates instead of 3 decimals; unset: the person's choice on this device. */
  precise?: boolean;
  /** False leaves the location out without asking the device. */
  includeLocation?: boolean;
  capturedWithCamera?: boolean;
}

export interface CaptureSources {
  device: DeviceCapability;
  app: AppCapability;
  geolocation: GeolocationCapability;
  /** Where failures to read the device are logged (logged only). */
  log: (message: string, error: unknown) => void;
  /** The person's saved choice of precise location. */
  precisePreference?: () => boolean;
}

const defaultSources: CaptureSources = {
  device: defaultDevice,
  app: defaultApp,
  geolocation: defaultGeolocation,
  log: (message, error) => console.warn(message, error),
  precisePreference: () => locationPrecision.isPrecise(),
};

/** Reads the device, the app version and (unless told not to) the position, all at once. */
export async function collectCaptureMetadata(options: CollectOptions = {}, sources: CaptureSources = defaultSources): Promise<CaptureMetadata> {
  const [details, info, position] = await Promise.all([
    sources.device.getInfo().catch((error: unknown) => {
      sources.log('Device info unavailable for signing', error);
      return null;
    }),
    sources.app.getInfo().catch((error: unknown) => {
      sources.log('App info unavailable for signing', error);
      return null;
    }),
    options.includeLocation === false
      ? Promise.resolve(null)
      : sources.geolocation.getCurrentPosition({ timeout: 10_000 }).catch(() => null),
  ]);
  return buildCaptureMetadata({
    device: details,
    appVersion: info?.version ?? 'unknown',
    position,
    precise: options.precise ?? sources.precisePreference?.() ?? false,
    capturedWithCamera: options.capturedWithCamera,
  });
}
