// App Lifecycle: the current state, active or background, and
// 'Get App Info' (name, id, version, build).
import { useState } from 'react';
import { Activity, Info } from 'lucide-react';
import { toast } from 'sonner';
import { Pill } from '@/components/ui/pill';
import { Button } from '@/components/ui/button';
import { app, type AppInfo } from '@/platform/app';
import { useAppState } from '../hooks/use-app-state';
import { FeatureCard } from './feature-card';

export function LifecycleCard() {
  const state = useAppState();
  const [info, setInfo] = useState<AppInfo | null>(null);

  async function readInfo(): Promise<void> {
    try {
      const next = await app.getInfo();
      setInfo(next);
      toast.success('App Info', { description: `${next.name} ${next.version} (build ${next.build})` });
    } catch (error) {
      console.warn('App info unavailable', error);
      toast.error('App Info', { description: 'This device did not report the app version' });
    }
  }

  return (
    <FeatureCard id="lifecycle" Icon={Activity} title="App Lifecycle" description="Whether the app is in front of the user, and which build it is.">
      <p className="flex items-center gap-2 text-sm" aria-live="polite">
        Current state:
        <Pill tone={state === 'active' ? 'success' : 'neutral'} className="text-sm" data-testid="app-state">
          {state}
        </Pill>
      </p>
      {info ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="app-info">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="font-medium">{info.name}</dd>
          <dt className="text-muted-foreground">App ID</dt>
          <dd className="truncate font-medium">{info.id}</dd>
          <dt className="text-muted-foreground">Version</dt>
          <dd className="font-medium tabular-nums">{info.version}</dd>
          <dt className="text-muted-foreground">Build</dt>
          <dd className="font-medium tabular-nums">{info.build}</dd>
        </dl>
      ) : null}
      <Button variant="outline" className="mt-auto self-start" onClick={() => void readInfo()}>
        <Info aria-hidden="true" />
        Get App Info
      </Button>
    </FeatureCard>
  );
}
