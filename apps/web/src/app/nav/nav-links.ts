// The navigation bar's links, in the product's order, with Verify after Dashboard (an addition:
// checking a file is what most visitors come for).
export interface NavLinkItem {
  label: string;
  to: string;
}

export const NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Verify', to: '/verify' },
  { label: 'API Docs', to: '/docs' },
  { label: 'Analytics', to: '/analytics' },
  { label: 'Device Info', to: '/device-info' },
  { label: 'Security', to: '/security' },
  { label: 'Settings', to: '/settings' },
  { label: 'Support', to: '/support' },
];
