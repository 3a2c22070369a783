// Toast host (sonner), themed with the app's light/dark theme and placed where it does not cover
// the Offline Mode badge at the bottom right.
import { Toaster as Sonner } from 'sonner';
import { useResolvedTheme } from '@/lib/theme';

export function Toaster() {
  const theme = useResolvedTheme();
  return <Sonner theme={theme} position="top-right" richColors closeButton toastOptions={{ classNames: { description: 'whitespace-pre-line' } }} />;
}
