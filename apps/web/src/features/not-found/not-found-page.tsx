// Not-found screen: 404, 'Oops! Page not found', 'Return to Home'; the
// attempted path is logged so broken links can be found.
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <p className="font-mono text-sm font-semibold tracking-widest text-primary">ERROR</p>
      <h1 className="mt-2 font-serif text-7xl font-bold tracking-tight">404</h1>
      <p className="mt-4 text-xl text-muted-foreground">Oops! Page not found</p>
      <p className="mt-2 break-all font-mono text-sm text-muted-foreground">{location.pathname}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <Home aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </section>
  );
}
