// Signing Dashboard screen (SPEC.md section 2). Routed and titled now; its panels arrive in a later issue.
import { FileSignature } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';

export function DashboardPage() {
  return (
    <PageContainer>
      <PageHeader title="Signing Dashboard" description="Sign new content with C2PA Content Credentials: capture or pick an image, add its credentials and sign it." icon={<FileSignature aria-hidden="true" />} />
    </PageContainer>
  );
}
