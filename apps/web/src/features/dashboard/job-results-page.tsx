// /jobs/:jobId: a batch job's results in the app, a page of items at a time (a job may hold
// thousands): each item's address, verdict and reason in words, or its error, with a link to its
// report; the job's progress above them (polled while it runs) and its NDJSON download.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { ChevronLeft, ChevronRight, ListChecks } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api/client';
import { JOB_ITEMS_PAGE_SIZE, jobItemsQuery } from '@/lib/api/jobs';
import { useSession } from '@/lib/auth/use-session';
import { describeError } from '@/lib/describe-error';
import { formatDateTime } from '@/lib/format';
import { DownloadResultsButton } from './components/job-list';
import { JobItemList } from './components/job-item-list';
import { JobProgress } from './components/job-progress';
import { hasJobResults, JOB_TYPE_LABEL, jobStatusText } from './lib/job-form';

/** The page's first item from ?from=, on a page boundary; 0 when absent or not a number. */
function pageStart(value: string | null): number {
  const from = Number(value ?? 0);
  return Number.isInteger(from) && from > 0 ? from - (from % JOB_ITEMS_PAGE_SIZE) : 0;
}

export function JobResultsPage() {
  const { jobId = '' } = useParams();
  const session = useSession();
  return (
    <PageContainer>
      <PageHeader title="Batch job results" icon={<ListChecks />} description="Each item's verdict and why, a page at a time; open an item for its full report." />
      <p className="mb-6 text-sm">
        <Link to="/dashboard#batch-jobs" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to your jobs
        </Link>
      </p>
      {session ? <JobResults userId={session.user.id} jobId={jobId} /> : null}
    </PageContainer>
  );
}

function JobResults({ userId, jobId }: { userId: string; jobId: string }) {
  const [params, setParams] = useSearchParams();
  const from = pageStart(params.get('from'));
  const page = useQuery({ ...jobItemsQuery(userId, jobId, from), placeholderData: (previous) => previous });

  if (page.isPending) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        Loading the job…
      </p>
    );
  }
  if (page.isError) {
    const notFound = page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 400);
    return (
      <div className="space-y-3" role="alert">
        <p className="text-sm text-destructive">{notFound ? 'No such job among yours.' : describeError(page.error, 'Unable to load the job')}</p>
        {notFound ? null : (
          <Button variant="outline" size="sm" onClick={() => void page.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const { job, items } = page.data;
  const name = `${JOB_TYPE_LABEL[job.type].toLowerCase()} job of ${job.total} ${job.total === 1 ? 'item' : 'items'}`;
  const last = Math.min(job.total, from + items.length);
  const goTo = (next: number) => setParams(next > 0 ? { from: String(next) } : {});
  return (
    <section aria-labelledby="job-results-title" className="space-y-6" data-testid="job-results" data-status={job.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h2 id="job-results-title" className="text-xl font-semibold">
            {JOB_TYPE_LABEL[job.type]} of {job.total} {job.total === 1 ? 'address' : 'addresses'}
          </h2>
          <p className="text-sm text-muted-foreground">
            {jobStatusText(job)} · started <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
          </p>
        </div>
        {hasJobResults(job) ? <DownloadResultsButton job={job} name={name} /> : null}
      </div>
      <JobProgress job={job} />
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No items on this page.</p>
      ) : (
        <>
          <p className="text-sm" aria-live="polite" data-testid="job-items-range">
            Items {from + 1}–{last} of {job.total.toLocaleString('en')}
          </p>
          <JobItemList jobId={job.id} items={items} />
        </>
      )}
      {job.total > JOB_ITEMS_PAGE_SIZE ? (
        <nav aria-label="Pages of items" className="flex items-center justify-between gap-3">
          <Button variant="outline" size="sm" disabled={from === 0} onClick={() => goTo(from - JOB_ITEMS_PAGE_SIZE)}>
            <ChevronLeft aria-hidden="true" />
            Previous items
          </Button>
          <Button variant="outline" size="sm" disabled={from + JOB_ITEMS_PAGE_SIZE >= job.total} onClick={() => goTo(from + JOB_ITEMS_PAGE_SIZE)}>
            Next items
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
