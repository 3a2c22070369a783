// How the Device Information screen writes numbers: coordinates to 6 decimals,
// accuracy to 1 decimal in metres, the location toast to 4 decimals, battery as a whole percentage.
export const formatCoordinate = (value: number): string => value.toFixed(6);

export const formatAccuracy = (metres: number): string => `${metres.toFixed(1)} m`;

export const formatAltitude = (metres: number): string => `${metres.toFixed(1)} m`;

export const locationToastText = (latitude: number, longitude: number): string => `Lat: ${latitude.toFixed(4)}, Lng: ${longitude.toFixed(4)}`;

/** A fraction 0..1 as a whole percentage. */
export const batteryPercent = (level: number): number => Math.round(level * 100);

export const googleMapsUrl = (latitude: number, longitude: number): string =>
  `https://www.google.com/maps/search/?api=1&query=${formatCoordinate(latitude)},${formatCoordinate(longitude)}`;

/** App version, 'N/A' when the device does not report one. */
export const appVersionText = (version: string | null | undefined): string => (version && version.trim() ? version : 'N/A');

const PLATFORM_NAMES: Record<string, string> = { ios: 'iOS', android: 'Android', web: 'Web' };
export const platformName = (platform: string): string => PLATFORM_NAMES[platform] ?? platform;
