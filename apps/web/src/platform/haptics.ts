// Haptics capability: light, medium and heavy impacts. On a device it is Capacitor's Haptics
// plugin (the Taptic Engine, Android's vibrator); in a browser the Vibration API, which phones'
// browsers honour and desktops ignore. `impact` says whether the device could play it.
import { Haptics, ImpactStyle } from '@capacitor/haptics';
import { isNativeApp } from './runtime';

export type ImpactStrength = 'light' | 'medium' | 'heavy';

export interface HapticsCapability {
  /** Resolves to false where the device has no way to vibrate. */
  impact(strength: ImpactStrength): Promise<boolean>;
}

const NATIVE_STYLE: Record<ImpactStrength, ImpactStyle> = { light: ImpactStyle.Light, medium: ImpactStyle.Medium, heavy: ImpactStyle.Heavy };

/** Pulse lengths close to what the native impacts feel like. */
export const WEB_PULSE_MS: Record<ImpactStrength, number> = { light: 10, medium: 25, heavy: 50 };

export const nativeHaptics: HapticsCapability = {
  async impact(strength) {
    await Haptics.impact({ style: NATIVE_STYLE[strength] });
    return true;
  },
};

export function createWebHaptics(nav: Navigator = navigator): HapticsCapability {
  return {
    async impact(strength) {
      if (typeof nav.vibrate !== 'function') return false;
      return nav.vibrate(WEB_PULSE_MS[strength]);
    },
  };
}

export const haptics: HapticsCapability = isNativeApp() ? nativeHaptics : createWebHaptics();
