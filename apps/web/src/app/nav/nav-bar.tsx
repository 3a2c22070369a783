// Navigation bar: the links, then the signed-in state ({email}, Sign Out) or the
// signed-out state (Sign In, Get Started). Below the xl breakpoint the links fold into a toggle menu;
// from 1280 px everything fits on one line (the brand shows only its mark until 2xl to make room):
// the links and Sign Out never shrink, and an email too long for the room left (a demo account's)
// is cut with an ellipsis, whole in its tooltip, rather than pushing Sign Out off screen.
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LogOut, Menu, UserRound, X } from 'lucide-react';
import { toast } from 'sonner';
import { BrandMark } from '@/components/brand-mark';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { signOut } from '@/lib/auth/auth-api';
import { useSession } from '@/lib/auth/use-session';
import { cn } from '@/lib/utils';
import { NAV_LINKS } from './nav-links';

function linkClass({ isActive }: { isActive: boolean }): string {
  return cn(
    'whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );
}

export function NavBar() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A followed link closes the menu, so the new page is not hidden under it.
  useEffect(() => setOpen(false), [location.pathname]);

  // Escape closes the open menu and puts focus back on its toggle, as keyboard users expect.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  async function handleSignOut(): Promise<void> {
    try {
      await signOut();
    } catch {
      // The local session is gone whatever the server said; the user is signed out here.
    }
    toast.success('Signed out', { description: 'You have been signed out successfully' });
    navigate('/');
  }

  const email = session?.user.email;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8 xl:px-4">
        <Link to="/" className="mr-2 shrink-0 rounded-md" aria-label="Provenance Gateway home">
          <BrandMark nameClassName="xl:max-2xl:hidden" />
        </Link>

        <ul className="hidden shrink-0 items-center xl:flex">
          {NAV_LINKS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto flex min-w-0 items-center gap-2">
          <ThemeToggle />
          <div className="hidden min-w-0 items-center gap-2 xl:flex">
            {email ? (
              <>
                <span className="inline-flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground" data-testid="nav-user-email" title={email}>
                  <UserRound className="size-4 shrink-0" aria-hidden="true" />
                  <span className="truncate whitespace-nowrap">{email}</span>
                </span>
                <Button variant="outline" size="sm" className="shrink-0" onClick={() => void handleSignOut()}>
                  <LogOut aria-hidden="true" />
                  Sign Out
                </Button>
              </>
            ) : (
              <>
                <Button variant="ghost" size="sm" asChild>
                  <Link to="/login">Sign In</Link>
                </Button>
                <Button size="sm" asChild>
                  <Link to="/signup">Get Started</Link>
                </Button>
              </>
            )}
          </div>
          <Button
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="xl:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </nav>

      <div id={menuId} hidden={!open} className="border-t bg-background xl:hidden">
        <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3 sm:grid-cols-2 sm:px-6">
          {NAV_LINKS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/'} className={({ isActive }) => cn(linkClass({ isActive }), 'block px-3 py-2.5 text-base')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mx-auto max-w-7xl border-t px-4 py-4 sm:px-6">
          {email ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span className="inline-flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
                <UserRound className="size-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{email}</span>
              </span>
              <Button variant="outline" onClick={() => void handleSignOut()}>
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-3">
              <Button variant="outline" asChild>
                <Link to="/login">Sign In</Link>
              </Button>
              <Button asChild>
                <Link to="/signup">Get Started</Link>
              </Button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
