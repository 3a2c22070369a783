import { describe, expect, it, vi } from 'vitest';
import type { TSession } from '@provenance/contracts';
import { createSessionStore, type AuthEvent } from './session-store';

function session(n: number, expiresAt: number): TSession {
  return { access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_at: expiresAt, user: { id: 'u1', email: 'ada@example.com', is_demo: false } };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k), map };
}

function manualTimers() {
  const timers: { cb: () => void; ms: number }[] = [];
  return {
    timers,
    setTimer: (cb: () => void, ms: number) => {
      const t = { cb, ms };
      timers.push(t);
      return t;
    },
    clearTimer: (handle: unknown) => {
      const i = timers.indexOf(handle as { cb: () => void; ms: number });
      if (i >= 0) timers.splice(i, 1);
    },
  };
}

describe('session store', () => {
  it('keeps the session in storage and restores it', () => {
    const storage = memoryStorage();
    const t = manualTimers();
    const first = createSessionStore({ storage, refresh: vi.fn(), now: () => 0, ...t });
    first.setSession(session(1, 3600));
    const second = createSessionStore({ storage, refresh: vi.fn(), now: () => 0, ...t });
    expect(second.getSession()?.access_token).toBe('access-1');
  });

  it('refreshes before the access token expires and emits the events', async () => {
    const storage = memoryStorage();
    const t = manualTimers();
    const refresh = vi.fn(async () => session(2, 7200));
    const store = createSessionStore({ storage, refresh, now: () => 0, refreshMarginSeconds: 60, ...t });
    const events: AuthEvent[] = [];
    store.subscribe((event) => events.push(event));

    store.setSession(session(1, 3600));
    expect(t.timers.at(-1)?.ms).toBe((3600 - 60) * 1000);
    t.timers.at(-1)?.cb();
    await vi.waitFor(() => expect(store.getSession()?.access_token).toBe('access-2'));
    expect(refresh).toHaveBeenCalledWith('refresh-1');
    expect(events).toEqual(['SIGNED_IN', 'TOKEN_REFRESHED']);
    expect(JSON.parse(storage.map.get('provenance.session') ?? '{}').access_token).toBe('access-2');
  });

  it('refreshes first when asked for an access token that is about to expire', async () => {
    const t = manualTimers();
    const store = createSessionStore({ storage: memoryStorage(), refresh: async () => session(2, 10_000), now: () => 3590 * 1000, ...t });
    store.setSession(session(1, 3600));
    await expect(store.getAccessToken()).resolves.toBe('access-2');
  });

  it('signs out when the refresh token is refused, but keeps the session through a network failure', async () => {
    const t = manualTimers();
    const refused = createSessionStore({ storage: memoryStorage(), refresh: async () => Promise.reject(Object.assign(new Error('expired'), { status: 401 })), now: () => 0, ...t });
    const events: AuthEvent[] = [];
    refused.subscribe((event) => events.push(event));
    refused.setSession(session(1, 30));
    await refused.refreshNow();
    expect(refused.getSession()).toBeNull();
    expect(events).toEqual(['SIGNED_IN', 'SIGNED_OUT']);

    const offline = createSessionStore({ storage: memoryStorage(), refresh: async () => Promise.reject(Object.assign(new Error('offline'), { status: 0 })), now: () => 0, retryDelayMs: 5000, ...t });
    offline.setSession(session(1, 30));
    await offline.refreshNow();
    expect(offline.getSession()?.access_token).toBe('access-1');
    expect(t.timers.at(-1)?.ms).toBe(5000);
  });

  it('emits user updated and signed out', () => {
    const t = manualTimers();
    const store = createSessionStore({ storage: memoryStorage(), refresh: vi.fn(), now: () => 0, ...t });
    const events: AuthEvent[] = [];
    store.subscribe((event) => events.push(event));
    store.setSession(session(1, 3600));
    store.updateUser({ id: 'u1', email: 'new@example.com', is_demo: false });
    expect(store.getSession()?.user.email).toBe('new@example.com');
    store.clear();
    expect(events).toEqual(['SIGNED_IN', 'USER_UPDATED', 'SIGNED_OUT']);
    expect(t.timers).toHaveLength(0);
  });

  it('ignores corrupt stored data', () => {
    const storage = memoryStorage();
    storage.setItem('provenance.session', '{"access_token":1}');
    const store = createSessionStore({ storage, refresh: vi.fn(), ...manualTimers() });
    expect(store.getSession()).toBeNull();
  });
});
