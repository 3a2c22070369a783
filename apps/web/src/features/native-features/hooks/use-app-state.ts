// The app's lifecycle state (active or background), switched by the app state change event.
import { useEffect, useState } from 'react';
import { app, type AppState } from '@/platform/app';

export function useAppState(): AppState {
  const [state, setState] = useState<AppState>('active');
  useEffect(() => {
    let stop: (() => void) | null = null;
    let active = true;
    void app.getState().then((initial) => active && setState(initial));
    void app.onStateChange(setState).then((remove) => {
      if (active) stop = remove;
      else remove();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);
  return state;
}
