// Geolocation capability: the device's current position. On a device it is Capacitor's Geolocation
// plugin (asking for the location permission first); in a browser navigator.geolocation. Failures
// reject with a LocationError whose message is fit for the 'Location Error' toast.
import { Geolocation } from '@capacitor/geolocation';
import { isNativeApp } from './runtime';

export interface DevicePosition {
  latitude: number;
  longitude: number;
  /** Metres. */
  accuracy: number;
  altitude: number | null;
  altitudeAccuracy: number | null;
  speed: number | null;
  heading: number | null;
  timestamp: number;
}

export type LocationFailure = 'denied' | 'unavailable' | 'timeout';

export class LocationError extends Error {
  constructor(readonly reason: LocationFailure, message: string) {
    super(message);
    this.name = 'LocationError';
  }
}

export interface PositionRequest {
  enableHighAccuracy?: boolean;
  /** Milliseconds before giving up. */
  timeout?: number;
}

export interface GeolocationCapability {
  getCurrentPosition(request?: PositionRequest): Promise<DevicePosition>;
}

const DEFAULTS = { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 };

interface CoordinatesLike {
  latitude: number;
  longitude: number;
  accuracy: number;
  altitude?: number | null;
  altitudeAccuracy?: number | null;
  speed?: number | null;
  heading?: number | null;
}

function toPosition(coords: CoordinatesLike, timestamp: number): DevicePosition {
  return {
    latitude: coords.latitude,
    longitude: coords.longitude,
    accuracy: coords.accuracy,
    altitude: coords.altitude ?? null,
    altitudeAccuracy: coords.altitudeAccuracy ?? null,
    speed: coords.speed ?? null,
    heading: coords.heading ?? null,
    timestamp,
  };
}

export const nativeGeolocation: GeolocationCapability = {
  async getCurrentPosition(request) {
    let permission = (await Geolocation.checkPermissions()).location;
    if (permission === 'prompt' || permission === 'prompt-with-rationale') permission = (await Geolocation.requestPermissions({ permissions: ['location'] })).location;
    if (permission === 'denied') throw new LocationError('denied', 'Location permission was denied');
    try {
      const position = await Geolocation.getCurrentPosition({ ...DEFAULTS, ...request });
      return toPosition(position.coords, position.timestamp);
    } catch (error) {
      throw new LocationError('unavailable', error instanceof Error && error.message ? error.message : 'Unable to get location');
    }
  },
};

const WEB_FAILURES: Record<number, LocationFailure> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

export function createWebGeolocation(nav: Navigator = navigator): GeolocationCapability {
  return {
    getCurrentPosition(request) {
      return new Promise((resolve, reject) => {
        if (!nav.geolocation) {
          reject(new LocationError('unavailable', 'This browser cannot report a location'));
          return;
        }
        nav.geolocation.getCurrentPosition(
          (position) => resolve(toPosition(position.coords, position.timestamp)),
          (error) => reject(new LocationError(WEB_FAILURES[error.code] ?? 'unavailable', error.message || 'Unable to get location')),
          { ...DEFAULTS, ...request },
        );
      });
    },
  };
}

export const geolocation: GeolocationCapability = isNativeApp() ? nativeGeolocation : createWebGeolocation();
