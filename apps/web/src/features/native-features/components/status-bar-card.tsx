// Status Bar Control: Blue, Red, Green, Yellow. The bar starts blue.
// A browser has no status bar: there the request is logged and the card says
// the control needs the mobile app.
import { useState } from 'react';
import { Check, PanelTop } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { isNativeApp } from '@/platform/runtime';
import { applyStatusBarColour, INITIAL_STATUS_BAR_COLOUR, STATUS_BAR_COLOURS, statusBar, type StatusBarColourName } from '@/platform/status-bar';
import { FeatureCard } from './feature-card';

const NAMES: Record<StatusBarColourName, string> = { blue: 'Blue', red: 'Red', green: 'Green', yellow: 'Yellow' };
const ORDER: StatusBarColourName[] = ['blue', 'red', 'green', 'yellow'];

export function StatusBarCard() {
  const [current, setCurrent] = useState<StatusBarColourName>(INITIAL_STATUS_BAR_COLOUR);
  const [pending, setPending] = useState<StatusBarColourName | null>(null);
  const native = isNativeApp();

  async function choose(name: StatusBarColourName): Promise<void> {
    setPending(name);
    try {
      await applyStatusBarColour(statusBar, STATUS_BAR_COLOURS[name]);
      setCurrent(name);
    } catch (error) {
      console.info('Status bar not available', error instanceof Error ? error.message : error);
    } finally {
      setPending(null);
    }
  }

  return (
    <FeatureCard id="status-bar" Icon={PanelTop} title="Status Bar Control" description="The colour of the system status bar above the app.">
      <div className="flex items-center gap-3" aria-live="polite">
        <span className="size-8 rounded-md border shadow-inner" style={{ backgroundColor: STATUS_BAR_COLOURS[current] }} aria-hidden="true" />
        <p className="text-sm">
          Current colour: <span className="font-semibold" data-testid="status-bar-colour">{NAMES[current]}</span>{' '}
          <span className="font-mono text-xs text-muted-foreground">{STATUS_BAR_COLOURS[current]}</span>
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-2" role="group" aria-label="Status bar colour">
        {ORDER.map((name) => (
          <Button key={name} variant="outline" aria-pressed={current === name} disabled={pending !== null} onClick={() => void choose(name)} className={cn(current === name && 'border-ring')}>
            <span className="size-3.5 shrink-0 rounded-full border border-black/10" style={{ backgroundColor: STATUS_BAR_COLOURS[name] }} aria-hidden="true" />
            {NAMES[name]}
            {current === name ? <Check aria-hidden="true" /> : null}
          </Button>
        ))}
      </div>
      {native ? null : <p className="mt-auto text-xs text-muted-foreground">A browser has no status bar: in the mobile app these buttons recolour it; here each request is logged to the console.</p>}
    </FeatureCard>
  );
}
