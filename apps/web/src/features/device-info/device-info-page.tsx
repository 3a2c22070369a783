// Device Information screen (SPEC.md section 2). Routed and titled now; its panels arrive in a later issue.
import { Smartphone } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';

export function DeviceInfoPage() {
  return (
    <PageContainer>
      <PageHeader title="Device Information" description="This device's details, battery status and current location, as the app reads them from the device." icon={<Smartphone aria-hidden="true" />} />
    </PageContainer>
  );
}
