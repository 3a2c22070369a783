// Signing Dashboard: the account's three stat cards, Sign New Content, the account's signed
// assets, and its batch jobs.
import { useInfiniteQuery } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { signedAssetsQuery } from '@/lib/api/assets';
import { useSession } from '@/lib/auth/use-session';
import { BatchJobsSection } from './components/batch-jobs-section';
import { DashboardStatCards } from './components/dashboard-stat-cards';
import { SignContentPanel } from './components/sign-content-panel';
import { SignedAssetList } from './components/signed-asset-list';

export function DashboardPage() {
  const session = useSession();
  return (
    <PageContainer>
      <PageHeader
        title="Signing Dashboard"
        description="Sign new content with C2PA Content Credentials: capture or pick an image, add its credentials and sign it."
        icon={<FileSignature aria-hidden="true" />}
      />
      {session ? <DashboardBody userId={session.user.id} /> : null}
    </PageContainer>
  );
}

function DashboardBody({ userId }: { userId: string }) {
  const assets = useInfiniteQuery(signedAssetsQuery(userId));
  const listed = assets.data?.pages.flatMap((page) => page.assets);
  const newest = listed?.[0] ?? null;
  return (
    <div className="space-y-8">
      <DashboardStatCards userId={userId} />
      <SignContentPanel userId={userId} latestAsset={newest ? { assetId: newest.assetId, title: newest.title, signedAssetUrl: newest.signedAssetUrl } : null} />
      <SignedAssetList
        assets={listed}
        state={assets.status}
        more={assets.hasNextPage ? { load: () => void assets.fetchNextPage(), loading: assets.isFetchingNextPage } : null}
      />
      <BatchJobsSection userId={userId} />
    </div>
  );
}
