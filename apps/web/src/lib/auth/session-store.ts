// The signed-in session of this browser: kept in storage so a reload stays signed in, refreshed
// before its access token expires, and observable (signed in, signed out, token refreshed, user
// updated). Pure apart from the storage and timers it is given, so it is testable.
import type { TSession, TUser } from '@provenance/contracts';

export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';
export type AuthListener = (event: AuthEvent, session: TSession | null) => void;

export interface SessionStoreOptions {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Exchanges a refresh token for a new session; rejects with a status-bearing error when refused. */
  refresh: (refreshToken: string) => Promise<TSession>;
  storageKey?: string;
  /** Refresh this many seconds before expiry, so a request never leaves with an expired token. */
  refreshMarginSeconds?: number;
  /** After a failed refresh that might be transient (offline), try again after this many ms. */
  retryDelayMs?: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface SessionStore {
  getSession(): TSession | null;
  subscribe(listener: AuthListener): () => void;
  /** Stores a session from sign-in or sign-up. */
  setSession(session: TSession): void;
  updateUser(user: TUser): void;
  clear(): void;
  /** The access token, refreshed first when it is about to expire. */
  getAccessToken(): Promise<string | null>;
  refreshNow(): Promise<TSession | null>;
  /** Picks up a session another tab wrote or removed. */
  reloadFromStorage(): void;
}

const DEFAULT_KEY = 'provenance.session';

function isSession(value: unknown): value is TSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const user = v.user as Record<string, unknown> | undefined;
  return (
    typeof v.access_token === 'string' &&
    typeof v.refresh_token === 'string' &&
    typeof v.expires_at === 'number' &&
    typeof user === 'object' &&
    user !== null &&
    typeof user.id === 'string' &&
    typeof user.email === 'string'
  );
}

/** Whether an error means the refresh token itself was refused (as opposed to a network failure). */
function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const key = options.storageKey ?? DEFAULT_KEY;
  const margin = options.refreshMarginSeconds ?? 60;
  const retryDelay = options.retryDelayMs ?? 30_000;
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((cb: () => void, ms: number) => setTimeout(cb, ms));
  const clearTimer = options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  const listeners = new Set<AuthListener>();
  let session: TSession | null = read();
  let timer: unknown = null;
  let inflight: Promise<TSession | null> | null = null;

  function read(): TSession | null {
    try {
      const raw = options.storage.getItem(key);
      if (!raw) return null;
      const parsed: unknown = JSON.parse(raw);
      return isSession(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }

  function write(next: TSession | null): void {
    try {
      if (next) options.storage.setItem(key, JSON.stringify(next));
      else options.storage.removeItem(key);
    } catch {
      // Storage can be full or disabled (private mode); the session still lives in memory.
    }
  }

  function emit(event: AuthEvent): void {
    for (const listener of [...listeners]) listener(event, session);
  }

  function schedule(): void {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (!session) return;
    const dueMs = (session.expires_at - margin) * 1000 - now();
    timer = setTimer(() => {
      timer = null;
      void refreshNow();
    }, Math.max(0, dueMs));
  }

  function apply(next: TSession | null, event: AuthEvent): void {
    session = next;
    write(next);
    schedule();
    emit(event);
  }

  function refreshNow(): Promise<TSession | null> {
    if (inflight) return inflight;
    const current = session;
    if (!current) return Promise.resolve(null);
    inflight = options
      .refresh(current.refresh_token)
      .then((fresh) => {
        // A sign-out during the refresh wins: never resurrect a session the user ended.
        if (session?.refresh_token !== current.refresh_token) return session;
        apply(fresh, 'TOKEN_REFRESHED');
        return fresh;
      })
      .catch((error: unknown) => {
        if (session?.refresh_token !== current.refresh_token) return session;
        if (isRefusal(error)) {
          apply(null, 'SIGNED_OUT');
          return null;
        }
        if (timer !== null) clearTimer(timer);
        timer = setTimer(() => {
          timer = null;
          void refreshNow();
        }, retryDelay);
        return session;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  }

  schedule();

  return {
    getSession: () => session,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSession: (next) => apply(next, 'SIGNED_IN'),
    updateUser(user) {
      if (!session) return;
      apply({ ...session, user }, 'USER_UPDATED');
    },
    clear() {
      if (!session) return;
      apply(null, 'SIGNED_OUT');
    },
    async getAccessToken() {
      if (!session) return null;
      if (session.expires_at - margin <= now() / 1000) {
        const fresh = await refreshNow();
        return fresh?.access_token ?? null;
      }
      return session.access_token;
    },
    refreshNow,
    reloadFromStorage() {
      const stored = read();
      if (stored?.access_token === session?.access_token) return;
      const event: AuthEvent = stored ? (session ? 'TOKEN_REFRESHED' : 'SIGNED_IN') : 'SIGNED_OUT';
      session = stored;
      schedule();
      emit(event);
    },
  };
}
