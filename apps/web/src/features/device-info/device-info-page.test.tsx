import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@/test/render';
import { LocationError, type DevicePosition } from '@/platform/geolocation';
import { locationPrecision } from '@/platform/location-precision';
import { DeviceInfoPage } from './device-info-page';

const platform = vi.hoisted(() => ({
  position: vi.fn<() => Promise<DevicePosition>>(),
  writeText: vi.fn<(text: string) => Promise<void>>(async () => undefined),
}));

vi.mock('@/platform/device', () => ({
  device: { getInfo: async () => ({ platform: 'ios', model: 'iPhone15,2', manufacturer: 'Apple', operatingSystem: 'ios', osVersion: '17.5', isVirtual: true }) },
}));
vi.mock('@/platform/app', () => ({ app: { getInfo: async () => Promise.reject(new Error('not reported')) } }));
vi.mock('@/platform/battery', () => ({ battery: { getStatus: async () => ({ batteryLevel: 0.876, isCharging: false }) } }));
vi.mock('@/platform/geolocation', async (original) => ({ ...(await original<object>()), geolocation: { getCurrentPosition: platform.position } }));
vi.mock('@/platform/clipboard', () => ({ clipboard: { writeText: platform.writeText } }));

// Rendering whole screens in jsdom takes seconds when the shared machine is busy.
describe('Device Information screen', { timeout: 20_000 }, () => {
  it('shows the device as it reports itself, N/A for a missing app version, and the battery', async () => {
    renderAt(<DeviceInfoPage />);
    const details = await screen.findByRole('region', { name: 'Device Details' });
    expect(await within(details).findByTestId('detail-platform')).toHaveProperty('textContent', 'iOS');
    expect(within(details).getByTestId('detail-model').textContent).toBe('iPhone15,2');
    expect(within(details).getByTestId('detail-app-version').textContent).toBe('N/A');
    expect(within(details).getByTestId('detail-real-device').textContent).toBe('No');
    expect((await screen.findByTestId('battery-level')).textContent).toBe('88%');
    expect(screen.getByTestId('detail-charging').textContent).toBe('No');

    await userEvent.click(within(details).getByRole('button', { name: 'Copy platform' }));
    expect(platform.writeText).toHaveBeenCalledWith('ios');
  });

  it('fetches the location on request: 6 decimals, accuracy to 1, altitude, maps link and the 4-decimal toast', async () => {
    platform.position.mockResolvedValueOnce({ latitude: 48.85837009, longitude: 2.29448128, accuracy: 7.25, altitude: 35.04, altitudeAccuracy: 1, speed: null, heading: null, timestamp: 1 });
    renderAt(<DeviceInfoPage />);
    const location = screen.getByRole('region', { name: 'Location' });
    expect(within(location).getByTestId('location-hint').textContent).toBe('Click "Get Current Location" to retrieve your position');
    await userEvent.click(within(location).getByRole('button', { name: 'Get Current Location' }));
    expect((await within(location).findByTestId('detail-latitude')).textContent).toBe('48.858370');
    expect(within(location).getByTestId('detail-longitude').textContent).toBe('2.294481');
    expect(within(location).getByTestId('detail-accuracy').textContent).toBe('7.3 m');
    expect(within(location).getByTestId('detail-altitude').textContent).toBe('35.0 m');
    const maps = within(location).getByRole('link', { name: /View on Google Maps/ });
    expect(maps.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=48.858370,2.294481');
    expect(maps.getAttribute('target')).toBe('_blank');
    expect(await screen.findByText('Lat: 48.8584, Lng: 2.2945')).toBeTruthy();
  });

  it('says Location Error with the reason when the position cannot be read', async () => {
    platform.position.mockRejectedValueOnce(new LocationError('denied', 'Location permission was denied'));
    renderAt(<DeviceInfoPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Get Current Location' }));
    expect(await screen.findByText('Location Error')).toBeTruthy();
    expect((await screen.findAllByText(/Location permission was denied/)).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('detail-latitude')).toBeNull();
  });

  it('lets the person choose precise location for signed photos, coarse by default', async () => {
    renderAt(<DeviceInfoPage />);
    const toggle = screen.getByRole('switch', { name: 'Precise location in signed photos' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/rounded to about 110 m/)).toBeTruthy();
    await userEvent.click(toggle);
    expect(locationPrecision.isPrecise()).toBe(true);
    expect(screen.getByText(/record the exact position/)).toBeTruthy();
    await userEvent.click(toggle);
    expect(locationPrecision.isPrecise()).toBe(false);
  });
});
