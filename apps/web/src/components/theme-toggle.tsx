// Light/dark switch. The first choice overrides the system preference from then on.
import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { setThemePreference, useResolvedTheme } from '@/lib/theme';

export function ThemeToggle() {
  const theme = useResolvedTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <Button variant="ghost" size="icon" onClick={() => setThemePreference(next)} aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`}>
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
