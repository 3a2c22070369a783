// Analytics screen (SPEC.md section 2). Routed and titled now; its panels arrive in a later issue.
import { BarChart3 } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';

export function AnalyticsPage() {
  return (
    <PageContainer>
      <PageHeader title="Analytics" description="Verification activity of your content: totals and the ten most recent verification events." icon={<BarChart3 aria-hidden="true" />} />
    </PageContainer>
  );
}
