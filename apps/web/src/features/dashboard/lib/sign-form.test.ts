import { describe, expect, it } from 'vitest';
import { buildMetadata, DEFAULT_LICENSE, EMPTY_FORM, formatBytes, missingRequired, overheadPercent, overheadText } from './sign-form';

describe('sign form', () => {
  it('starts with the default license and the AI flag off', () => {
    expect(EMPTY_FORM.license).toBe('All Rights Reserved');
    expect(EMPTY_FORM.aiAssisted).toBe(false);
  });

  it('needs an asset URL (or a file) and a creator name', () => {
    expect(missingRequired({ assetUrl: '', creator: 'Ada' }, false)).toBe(true);
    expect(missingRequired({ assetUrl: 'https://x.org/a.jpg', creator: '  ' }, false)).toBe(true);
    expect(missingRequired({ assetUrl: '', creator: 'Ada' }, true)).toBe(false);
    expect(missingRequired({ assetUrl: 'https://x.org/a.jpg', creator: 'Ada' }, false)).toBe(false);
  });

  it('builds the metadata with trimmed fields and without empty optional ones', () => {
    const metadata = buildMetadata({ ...EMPTY_FORM, creator: ' Ada ', license: ' ', aiAssisted: true }, { capturedWithCamera: false, device: null });
    expect(metadata).toEqual({ creator: 'Ada', license: DEFAULT_LICENSE, aiAssisted: true, capturedWithCamera: false, location: null });
  });

  it('adds the device details, and the location only when asked', () => {
    const device = {
      deviceInfo: { platform: 'android', model: 'Pixel 9', manufacturer: 'Google', osVersion: '15' },
      location: { latitude: 48.857, longitude: 2.352, accuracy: 79 },
      softwareAgent: 'Provenance Gateway Mobile/0.1.0',
    };
    const withLocation = buildMetadata({ ...EMPTY_FORM, creator: 'Ada', includeLocation: true }, { capturedWithCamera: true, device });
    expect(withLocation).toMatchObject({ deviceInfo: device.deviceInfo, location: device.location, softwareAgent: device.softwareAgent, capturedWithCamera: true });
    const withoutLocation = buildMetadata({ ...EMPTY_FORM, creator: 'Ada', softwareAgent: 'Lightroom 14' }, { capturedWithCamera: true, device });
    expect(withoutLocation.location).toBeNull();
    expect(withoutLocation.softwareAgent).toBe('Lightroom 14');
  });

  it('formats sizes and the manifest overhead', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 B');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024, 'en-US')).toBe('5 MB');
    expect(overheadPercent({ original: 1000, signed: 1005 })).toBeCloseTo(0.5);
    expect(overheadPercent({ original: 0, signed: 10 })).toBeNull();
    // A fixed-size manifest of about 3 kB: under 1% of a large photo, more of a small file.
    expect(overheadText({ original: 2_000_000, signed: 2_003_072 }, 'en')).toBe('manifest adds 3 KB (0.15%)');
    expect(overheadText({ original: 40_960, signed: 44_032 }, 'en')).toBe('manifest adds 3 KB (7.5%)');
  });
});
