// Native Platform Features screen (route /security): Network Detection, Status
// Bar Control, Haptic Feedback, App Lifecycle and Native Action Sheet, each through src/platform.
import { Cpu } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { ActionSheetCard } from './components/action-sheet-card';
import { HapticsCard } from './components/haptics-card';
import { LifecycleCard } from './components/lifecycle-card';
import { NetworkCard } from './components/network-card';
import { StatusBarCard } from './components/status-bar-card';

export function NativeFeaturesPage() {
  return (
    <PageContainer>
      <PageHeader title="Native Platform Features" description="Network detection, status bar control, haptic feedback, app lifecycle and native action sheets." icon={<Cpu aria-hidden="true" />} />
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <NetworkCard />
        <StatusBarCard />
        <HapticsCard />
        <LifecycleCard />
        <ActionSheetCard />
      </div>
    </PageContainer>
  );
}
