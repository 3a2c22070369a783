import { describe, expect, it } from 'vitest';
import { appVersionText, batteryPercent, formatAccuracy, formatCoordinate, googleMapsUrl, locationToastText, platformName } from './format';

describe('device information formats', () => {
  it('writes coordinates to 6 decimals, accuracy to 1 and the toast to 4', () => {
    expect(formatCoordinate(51.50735123)).toBe('51.507351');
    expect(formatCoordinate(-0.1)).toBe('-0.100000');
    expect(formatAccuracy(12.345)).toBe('12.3 m');
    expect(locationToastText(51.50735123, -0.12775829)).toBe('Lat: 51.5074, Lng: -0.1278');
  });

  it('rounds the battery to a whole percentage', () => {
    expect(batteryPercent(0.876)).toBe(88);
    expect(batteryPercent(1)).toBe(100);
    expect(batteryPercent(0)).toBe(0);
  });

  it('says N/A when there is no app version and names platforms', () => {
    expect(appVersionText(undefined)).toBe('N/A');
    expect(appVersionText('')).toBe('N/A');
    expect(appVersionText('1.2.0')).toBe('1.2.0');
    expect(platformName('ios')).toBe('iOS');
    expect(platformName('web')).toBe('Web');
  });

  it('links to Google Maps at the coordinates', () => {
    expect(googleMapsUrl(48.8584, 2.2945)).toBe('https://www.google.com/maps/search/?api=1&query=48.858400,2.294500');
  });
});
