import { describe, expect, it, vi } from 'vitest';
import { buildCaptureMetadata, captureLocation, COARSE_ACCURACY_M, collectCaptureMetadata, mobileSoftwareAgent, type CaptureSources } from './capture-metadata';
import type { DeviceDetails } from './device';
import { LocationError, type DevicePosition } from './geolocation';

const details: DeviceDetails = { platform: 'android', model: 'Pixel 8', manufacturer: 'Google', operatingSystem: 'android', osVersion: '14', isVirtual: false };
const position: DevicePosition = { latitude: 51.5073512, longitude: -0.1277583, accuracy: 8.4, altitude: 20, altitudeAccuracy: 2, speed: null, heading: null, timestamp: 1 };

function sources(overrides: Partial<CaptureSources> = {}): CaptureSources {
  return {
    device: { getInfo: vi.fn(async () => details) },
    app: { getInfo: vi.fn(async () => ({ name: 'Provenance Gateway', id: 'org.provenancegateway.app', version: '1.4.0', build: '12' })), getState: vi.fn(), onStateChange: vi.fn(), onBackButton: vi.fn(), exit: vi.fn() },
    geolocation: { getCurrentPosition: vi.fn(async () => position) },
    log: vi.fn(),
    precisePreference: () => false,
    ...overrides,
  };
}

describe('capture metadata', () => {
  it('names the mobile software agent with the app version', () => {
    expect(mobileSoftwareAgent('1.4.0')).toBe('Provenance Gateway Mobile/1.4.0');
  });

  it('coarsens the location to 3 decimals and an honest accuracy unless precise', () => {
    expect(captureLocation(position, false)).toEqual({ latitude: 51.507, longitude: -0.128, accuracy: COARSE_ACCURACY_M });
    expect(captureLocation({ ...position, accuracy: 250.6 }, false).accuracy).toBe(251);
    expect(captureLocation(position, true)).toEqual({ latitude: 51.5073512, longitude: -0.1277583, accuracy: 8.4 });
  });

  it('builds deviceInfo, location and software agent for a camera capture', () => {
    expect(buildCaptureMetadata({ device: details, appVersion: '1.4.0', position, precise: false })).toEqual({
      deviceInfo: { platform: 'android', model: 'Pixel 8', manufacturer: 'Google', osVersion: '14' },
      location: { latitude: 51.507, longitude: -0.128, accuracy: COARSE_ACCURACY_M },
      softwareAgent: 'Provenance Gateway Mobile/1.4.0',
      capturedWithCamera: true,
    });
  });

  it('reads the device, the app version and the position together', async () => {
    const from = sources();
    const metadata = await collectCaptureMetadata({ precise: true }, from);
    expect(metadata.location).toEqual({ latitude: 51.5073512, longitude: -0.1277583, accuracy: 8.4 });
    expect(metadata.softwareAgent).toBe('Provenance Gateway Mobile/1.4.0');
    expect(metadata.deviceInfo?.model).toBe('Pixel 8');
  });

  it('leaves the location out when permission is refused, without failing the signing', async () => {
    const from = sources({ geolocation: { getCurrentPosition: vi.fn(async () => Promise.reject(new LocationError('denied', 'Location permission was denied'))) } });
    const metadata = await collectCaptureMetadata({}, from);
    expect(metadata.location).toBeNull();
    expect(metadata.deviceInfo).not.toBeNull();
    expect(from.log).not.toHaveBeenCalled();
  });

  it('follows the precise choice saved on the device unless the call says otherwise', async () => {
    const from = sources({ precisePreference: () => true });
    expect((await collectCaptureMetadata({}, from)).location).toEqual({ latitude: 51.5073512, longitude: -0.1277583, accuracy: 8.4 });
    expect((await collectCaptureMetadata({ precise: false }, from)).location).toEqual({ latitude: 51.507, longitude: -0.128, accuracy: COARSE_ACCURACY_M });
    expect((await collectCaptureMetadata({}, sources({ precisePreference: () => false }))).location?.latitude).toBe(51.507);
  });

  it('does not ask for the position when the person turned location off', async () => {
    const from = sources();
    expect((await collectCaptureMetadata({ includeLocation: false }, from)).location).toBeNull();
    expect(from.geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('logs a device that cannot be read and still signs with the agent', async () => {
    const from = sources({ device: { getInfo: vi.fn(async () => Promise.reject(new Error('no device'))) } });
    const metadata = await collectCaptureMetadata({}, from);
    expect(metadata.deviceInfo).toBeNull();
    expect(metadata.softwareAgent).toBe('Provenance Gateway Mobile/1.4.0');
    expect(from.log).toHaveBeenCalledWith('Device info unavailable for signing', expect.any(Error));
  });
});
