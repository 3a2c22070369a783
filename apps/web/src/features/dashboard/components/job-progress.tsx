// One batch job's progress bar: finished items (done or failed) of all, named by the words under it
// ("12 of 40 done, 1 failed") so a screen reader says the same as the screen shows.
import type { TJob } from '@provenance/contracts';
import { jobProgressText } from '../lib/job-form';

export function JobProgress({ job }: { job: Pick<TJob, 'id' | 'done' | 'failed' | 'total' | 'status'> }) {
  const finished = Math.min(job.total, job.done + job.failed);
  const percent = job.total > 0 ? Math.round((finished / job.total) * 100) : 0;
  const failedShare = job.total > 0 ? (Math.min(job.failed, finished) / job.total) * 100 : 0;
  const labelId = `job-progress-${job.id}`;
  const text = jobProgressText(job);
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={finished}
        aria-valuetext={text}
        className="flex h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent - failedShare}%` }} />
        <div className="h-full bg-destructive transition-[width]" style={{ width: `${failedShare}%` }} />
      </div>
      <p id={labelId} className="text-xs tabular-nums text-muted-foreground">
        {text}
      </p>
    </div>
  );
}
