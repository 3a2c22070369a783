// Native Platform Features screen (SPEC.md section 2). Routed and titled now; its panels arrive in a later issue.
import { Cpu } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';

export function SecurityPage() {
  return (
    <PageContainer>
      <PageHeader title="Native Platform Features" description="Network detection, status bar control, haptic feedback, app lifecycle and native action sheets." icon={<Cpu aria-hidden="true" />} />
    </PageContainer>
  );
}
