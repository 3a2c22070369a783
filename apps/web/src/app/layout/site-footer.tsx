// Footer of every screen: product, resources and legal links.
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';

const COLUMNS: { title: string; links: { label: string; to: string }[] }[] = [
  { title: 'Product', links: [ { label: 'Signing Dashboard', to: '/dashboard' }, { label: 'Verify', to: '/verify' }, { label: 'Analytics', to: '/analytics' }, { label: 'Native Features', to: '/security' } ] },
  { title: 'Developers', links: [ { label: 'API Docs', to: '/docs' }, { label: 'Device Info', to: '/device-info' } ] },
  { title: 'Company', links: [ { label: 'Support', to: '/support' }, { label: 'Privacy Policy', to: '/privacy' }, { label: 'Terms of Service', to: '/terms' } ] },
];

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)] lg:px-8">
        <div className="max-w-xs">
          <BrandMark />
          <p className="mt-3 text-sm text-muted-foreground">
            Sign, verify and display C2PA Content Credentials for images and video.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-muted-foreground sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Provenance Gateway. Content Credentials follow the C2PA specification.
        </p>
      </div>
    </footer>
  );
}
