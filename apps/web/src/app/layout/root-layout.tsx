// Frame of every screen: skip link, navigation bar, the routed page, footer; a thin progress bar
// while a lazily loaded screen arrives; focus moved to the page and the document titled after it
// on navigation, for screen readers and browser history.
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router';
import { NavBar } from '@/app/nav/nav-bar';
import { SiteFooter } from './site-footer';

export function RootLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const matches = useMatches();
  const title = [...matches].reverse().map((match) => (match.handle as { title?: unknown } | undefined)?.title).find((value): value is string => typeof value === 'string');

  useEffect(() => {
    document.title = title ? `${title} · Provenance Gateway` : 'Provenance Gateway';
  }, [title]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!location.hash) mainRef.current?.focus({ preventScroll: true });
  }, [location.pathname, location.hash]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-[60] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      {navigation.state === 'loading' ? <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-[60] h-0.5 animate-pulse bg-primary" /> : null}
      <NavBar />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
