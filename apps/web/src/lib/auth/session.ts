// The app's one session store, backed by localStorage and the server's /auth/refresh endpoint, kept
// in step across tabs through the storage event.
import type { TSession, TSessionResponse } from '@provenance/contracts';
import { request } from '@/lib/http';
import { createSessionStore, type SessionStore } from './session-store';

async function refresh(refreshToken: string): Promise<TSession> {
  const body = await request<TSessionResponse>('/auth/refresh', { json: { refresh_token: refreshToken } });
  return body.session;
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

export const sessionStore: SessionStore = createSessionStore({
  storage: typeof window !== 'undefined' && window.localStorage ? window.localStorage : memoryStorage(),
  refresh,
});

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'provenance.session') sessionStore.reloadFromStorage();
  });
}
