import { describe, expect, it } from 'vitest';
import { redirectTarget, safeRedirectPath } from './redirect-target';

describe('redirectTarget', () => {
  it('goes to the dashboard by default', () => {
    expect(redirectTarget('', null)).toBe('/dashboard');
  });

  it('goes back to the page that sent the user to sign in', () => {
    expect(redirectTarget('?redirect=%2Fanalytics%3Frange%3D7d', null)).toBe('/analytics?range=7d');
    expect(redirectTarget('', { from: '/settings' })).toBe('/settings');
  });

  it('refuses other sites and sign-in loops', () => {
    expect(safeRedirectPath('https://evil.example/')).toBeNull();
    expect(safeRedirectPath('//evil.example/')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('/login?redirect=/x')).toBeNull();
    expect(redirectTarget('?redirect=//evil.example', { from: '/analytics' })).toBe('/analytics');
  });
});
