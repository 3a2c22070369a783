// The account's batch jobs, newest first: what each is (verification or signing, how many items,
// when it started), its status in words, its progress bar, and its results as NDJSON once any item
// has finished, with a link to the job's items (each one's verdict and reason, a page at a time).
// The list itself polls while a job is at work (lib/api/jobs.ts).
import { useState } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, Clock, Download, ListChecks, Loader2, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { TJob } from '@provenance/contracts';
import { Pill } from '@/components/ui/pill';
import { Button } from '@/components/ui/button';
import { BusyButton } from '@/components/ui/busy-button';
import { fetchJobResults, jobResultsPath } from '@/lib/api/jobs';
import { describeError } from '@/lib/describe-error';
import { formatDateTime } from '@/lib/format';
import { hasJobResults, JOB_TYPE_LABEL, jobStatusText } from '../lib/job-form';
import { JobProgress } from './job-progress';

const STATUS_LOOK: Record<TJob['status'], { tone: 'neutral' | 'primary' | 'success' | 'danger'; Icon: typeof Clock }> = {
  queued: { tone: 'neutral', Icon: Clock },
  running: { tone: 'primary', Icon: Loader2 },
  completed: { tone: 'success', Icon: CheckCircle2 },
  failed: { tone: 'danger', Icon: XCircle },
};

/** Saves a blob under a file name, as a download link would. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the bytes once the click is handled; the URL is no longer needed after.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function DownloadResultsButton({ job, name }: { job: TJob; name: string }) {
  const [busy, setBusy] = useState(false);
  async function download(): Promise<void> {
    setBusy(true);
    try {
      saveBlob(await fetchJobResults(job.id), `job-${job.id}-results.ndjson`);
    } catch (error) {
      toast.error('Download failed', { description: describeError(error, 'The results could not be downloaded') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <BusyButton variant="outline" size="sm" busy={busy} busyLabel="Downloading..." icon={<Download aria-hidden="true" />} onClick={() => void download()} aria-label={`Download results of ${name} (NDJSON)`}>
      Results
    </BusyButton>
  );
}

export function JobList({ jobs }: { jobs: TJob[] }) {
  if (jobs.length === 0) {
    return <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No batch jobs yet. A job you start appears here with its progress.</p>;
  }
  const newestFirst = [...jobs].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ul className="divide-y rounded-lg border" aria-label="Batch jobs">
      {newestFirst.map((job) => {
        const { tone, Icon } = STATUS_LOOK[job.status];
        const name = `${JOB_TYPE_LABEL[job.type].toLowerCase()} job of ${job.total} ${job.total === 1 ? 'item' : 'items'}`;
        return (
          <li key={job.id} className="space-y-3 p-4" data-testid="batch-job" data-job-id={job.id} data-status={job.status}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-1">
                <p className="font-medium">
                  {JOB_TYPE_LABEL[job.type]} of {job.total} {job.total === 1 ? 'address' : 'addresses'}
                </p>
                <p className="text-xs text-muted-foreground">
                  Started <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
                  {job.completedAt ? (
                    <>
                      {' '}
                      · finished <time dateTime={job.completedAt}>{formatDateTime(job.completedAt)}</time>
                    </>
                  ) : null}{' '}
                  · <code className="font-mono">{job.id}</code>
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <Pill tone={tone} data-testid="job-status">
                  <Icon className={job.status === 'running' ? 'animate-spin motion-reduce:animate-none' : undefined} aria-hidden="true" />
                  {jobStatusText(job)}
                </Pill>
                <Button asChild variant="outline" size="sm">
                  <Link to={jobResultsPath(job.id)} aria-label={`View items of ${name}`}>
                    <ListChecks aria-hidden="true" />
                    View items
                  </Link>
                </Button>
                {hasJobResults(job) ? <DownloadResultsButton job={job} name={name} /> : null}
              </div>
            </div>
            <JobProgress job={job} />
          </li>
        );
      })}
    </ul>
  );
}
