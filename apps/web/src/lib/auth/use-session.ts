// React view of the session store: re-renders on sign in, sign out, refresh and user updates.
import { useSyncExternalStore } from 'react';
import type { TSession } from '@provenance/contracts';
import { sessionStore } from './session';

const subscribe = (onChange: () => void): (() => void) => sessionStore.subscribe(() => onChange());

export function useSession(): TSession | null {
  return useSyncExternalStore(subscribe, sessionStore.getSession, sessionStore.getSession);
}
