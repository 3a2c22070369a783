// /jobs/:jobId/items/:index: the report of one batch-job item, from the verification the job stored
// (a sign item: the verification of the file it signed), shown as any report is; an item that could
// not be processed says why. Only the job's account can open it.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api/client';
import { jobItemReportQuery, jobResultsPath } from '@/lib/api/jobs';
import { useSession } from '@/lib/auth/use-session';
import { ReportView } from './components/report-view';
import { ReportError, ReportLoading } from './components/report-states';
import { reportPath } from './lib/report-download';

export function JobItemReportPage() {
  const { jobId = '', index = '' } = useParams();
  const session = useSession();
  const itemIndex = Number(index);
  return (
    <PageContainer>
      <PageHeader title="Batch job item report" icon={<ShieldCheck />} description={`Item ${Number.isInteger(itemIndex) ? itemIndex + 1 : index} of a batch job, as the job verified it.`} />
      <p className="mb-6 text-sm">
        <Link to={jobResultsPath(jobId)} className="font-medium text-primary underline-offset-4 hover:underline">
          Back to the job&apos;s items
        </Link>
      </p>
      {session && Number.isInteger(itemIndex) && itemIndex >= 0 ? (
        <ItemReport userId={session.user.id} jobId={jobId} index={itemIndex} />
      ) : (
        <ReportError title="Item not found" error={null} message="This address names no item of a job." />
      )}
    </PageContainer>
  );
}

function ItemReport({ userId, jobId, index }: { userId: string; jobId: string; index: number }) {
  const report = useQuery(jobItemReportQuery(userId, jobId, index));
  if (report.isPending) return <ReportLoading what={`item ${index + 1}`} />;
  if (report.isError) {
    const notFound = report.error instanceof ApiError && (report.error.status === 404 || report.error.status === 400);
    return <ReportError title={notFound ? 'Item not found' : 'Unable to load the item'} error={report.error} message={notFound ? 'No such item among your jobs.' : undefined} />;
  }
  const { item, verification, type } = report.data;
  return (
    <div className="space-y-4" aria-live="polite">
      <p className="text-sm break-all">
        <span className="text-muted-foreground">{type === 'sign' ? 'Signed from' : 'Verified at'} </span>
        <span className="font-medium" data-testid="job-item-address">
          {item.assetUrl}
        </span>
        {type === 'sign' && item.manifestId ? (
          <>
            {' · '}
            <Link to={reportPath(item.manifestId)} className="font-medium text-primary underline-offset-4 hover:underline">
              Report of the signed file, verified again now
            </Link>
          </>
        ) : null}
      </p>
      {item.status === 'failed' ? <ReportError title="Could not be processed" error={null} message={item.error?.message ?? 'The item could not be processed.'} /> : null}
      {item.status === 'queued' ? <ReportLoading what={item.assetUrl} /> : null}
      {verification ? <ReportView result={verification} /> : null}
    </div>
  );
}
