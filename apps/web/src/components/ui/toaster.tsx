// Toast host (sonner), themed with the app's light/dark theme. Toasts sit below the sticky
// navigation bar, so they never cover its buttons, and away from the Offline Mode indicator at the
// bottom right.
import { Toaster as Sonner } from 'sonner';
import { useResolvedTheme } from '@/lib/theme';

export function Toaster() {
  const theme = useResolvedTheme();
  return <Sonner theme={theme} position="top-right" offset={{ top: 76, right: 16 }} mobileOffset={{ top: 72, left: 12, right: 12 }} richColors closeButton toastOptions={{ classNames: { description: 'whitespace-pre-line' } }} />;
}
