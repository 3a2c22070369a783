// Account Settings screen (SPEC.md section 2). Routed and titled now; its panels arrive in a later issue.
import { Settings } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';

export function SettingsPage() {
  return (
    <PageContainer>
      <PageHeader title="Account Settings" description="Manage your account preferences and security" icon={<Settings aria-hidden="true" />} />
    </PageContainer>
  );
}
