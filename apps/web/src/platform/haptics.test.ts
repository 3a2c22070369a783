import { describe, expect, it, vi } from 'vitest';
import { createWebHaptics, haptics, WEB_PULSE_MS } from './haptics';

const bridge = await vi.hoisted(async () => {
  const { installFakeBridge } = await import('./testing/fake-bridge');
  return installFakeBridge('ios', { Haptics: { impact: () => undefined } });
});

describe('haptics on a device (fake Capacitor bridge)', () => {
  it('plays light, medium and heavy impacts', async () => {
    expect(await haptics.impact('light')).toBe(true);
    await haptics.impact('medium');
    await haptics.impact('heavy');
    expect(bridge.callsTo('Haptics', 'impact')).toEqual([{ style: 'LIGHT' }, { style: 'MEDIUM' }, { style: 'HEAVY' }]);
  });
});

describe('haptics in a browser (Vibration API)', () => {
  it('vibrates longer for stronger impacts', async () => {
    const vibrate = vi.fn(() => true);
    const web = createWebHaptics({ vibrate } as unknown as Navigator);
    expect(await web.impact('light')).toBe(true);
    await web.impact('heavy');
    expect(vibrate.mock.calls).toEqual([[WEB_PULSE_MS.light], [WEB_PULSE_MS.heavy]]);
    expect(WEB_PULSE_MS.light).toBeLessThan(WEB_PULSE_MS.medium);
    expect(WEB_PULSE_MS.medium).toBeLessThan(WEB_PULSE_MS.heavy);
  });

  it('says false where the browser cannot vibrate', async () => {
    expect(await createWebHaptics({} as Navigator).impact('medium')).toBe(false);
  });
});
