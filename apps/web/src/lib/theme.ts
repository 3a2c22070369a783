// Colour theme: follows the system (prefers-color-scheme) until the user picks light or dark, and
// remembers the pick. index.html applies the same rule before first paint.
import { useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';
const KEY = 'provenance.theme';
const listeners = new Set<() => void>();

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
}

export function getThemePreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

export function resolvedTheme(preference: ThemePreference = getThemePreference()): 'light' | 'dark' {
  if (preference !== 'system') return preference;
  return media()?.matches ? 'dark' : 'light';
}

function apply(): void {
  document.documentElement.classList.toggle('dark', resolvedTheme() === 'dark');
  for (const listener of [...listeners]) listener();
}

export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, preference);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  apply();
}

export function watchSystemTheme(): () => void {
  const query = media();
  if (!query) return () => undefined;
  const onChange = (): void => {
    if (getThemePreference() === 'system') apply();
  };
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, () => resolvedTheme(), () => 'light');
}
