import { describe, expect, it, vi } from 'vitest';
import { createWebGeolocation, geolocation, LocationError } from './geolocation';

const coords = { latitude: 51.50735123, longitude: -0.12775829, accuracy: 12.34, altitude: 35.2, altitudeAccuracy: 3, speed: null, heading: null };

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('android', {
    Geolocation: {
      checkPermissions: () => ({ location: 'prompt', coarseLocation: 'prompt' }),
      requestPermissions: () => ({ location: 'granted', coarseLocation: 'granted' }),
      getCurrentPosition: () => ({ timestamp: 1700000000000, coords: { latitude: 51.50735123, longitude: -0.12775829, accuracy: 12.34, altitude: 35.2, altitudeAccuracy: 3, speed: null, heading: null } }),
    },
  });
});

describe('geolocation on a device (fake Capacitor bridge)', () => {
  it('asks for the location permission, then reads a high-accuracy position', async () => {
    expect(await geolocation.getCurrentPosition()).toEqual({ ...coords, timestamp: 1700000000000 });
    expect(bridge.callsTo('Geolocation', 'requestPermissions')).toEqual([{ permissions: ['location'] }]);
    expect(bridge.callsTo('Geolocation', 'getCurrentPosition')).toEqual([expect.objectContaining({ enableHighAccuracy: true, timeout: 15000 })]);
  });

  it('rejects with a denied LocationError when permission is refused', async () => {
    bridge.handle('Geolocation', 'checkPermissions', () => ({ location: 'denied', coarseLocation: 'denied' }));
    const error = await geolocation.getCurrentPosition().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocationError);
    expect(error).toMatchObject({ reason: 'denied', message: 'Location permission was denied' });
  });

  it('passes the device message on when the position cannot be read', async () => {
    bridge.handle('Geolocation', 'checkPermissions', () => ({ location: 'granted', coarseLocation: 'granted' }));
    bridge.handle('Geolocation', 'getCurrentPosition', () => {
      throw new Error('location disabled');
    });
    await expect(geolocation.getCurrentPosition()).rejects.toMatchObject({ reason: 'unavailable', message: 'location disabled' });
  });
});

function navigatorWith(geo: Partial<Geolocation> | undefined): Navigator {
  return { geolocation: geo } as unknown as Navigator;
}

describe('geolocation in a browser (navigator.geolocation)', () => {
  it('resolves the position, altitude null when the browser has none', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _fail?: PositionErrorCallback | null, _options?: PositionOptions) => ok({ timestamp: 5, coords: { ...coords, altitude: null, altitudeAccuracy: null } } as unknown as GeolocationPosition));
    const position = await createWebGeolocation(navigatorWith({ getCurrentPosition })).getCurrentPosition({ timeout: 1000 });
    expect(position).toMatchObject({ latitude: coords.latitude, longitude: coords.longitude, accuracy: 12.34, altitude: null, timestamp: 5 });
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ enableHighAccuracy: true, timeout: 1000 });
  });

  it.each([
    [1, 'denied', 'User denied Geolocation'],
    [2, 'unavailable', 'Position unavailable'],
    [3, 'timeout', 'Timeout expired'],
  ])('maps error code %i to %s with the browser message', async (code, reason, message) => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code, message } as GeolocationPositionError));
    await expect(createWebGeolocation(navigatorWith({ getCurrentPosition })).getCurrentPosition()).rejects.toMatchObject({ reason, message });
  });

  it('says Unable to get location when the browser gives no message', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) => fail?.({ code: 2, message: '' } as GeolocationPositionError));
    await expect(createWebGeolocation(navigatorWith({ getCurrentPosition })).getCurrentPosition()).rejects.toThrow('Unable to get location');
  });

  it('rejects where the browser has no geolocation', async () => {
    await expect(createWebGeolocation(navigatorWith(undefined)).getCurrentPosition()).rejects.toMatchObject({ reason: 'unavailable' });
  });
});
