// One page of a batch job's items: each item's address, its verdict (or that it waits, or could not
// be processed), the reason in the report's words (the verdict's reason, who vouches for the signer,
// each failing check explained) or the error, and a link to the item's report.
import { Link } from 'react-router';
import { Clock, FileText, XCircle } from 'lucide-react';
import type { TJobItemSummary } from '@provenance/contracts';
import { StatusPill } from '@/components/status-pill';
import { Pill } from '@/components/ui/pill';
import { jobItemReportPath } from '@/lib/api/jobs';

function ItemVerdict({ item }: { item: TJobItemSummary }) {
  if (item.status === 'done' && item.verdict) return <StatusPill status={item.verdict} />;
  if (item.status === 'failed') {
    return (
      <Pill tone="danger" className="text-sm whitespace-nowrap" data-status="failed">
        <XCircle aria-hidden="true" />
        Not processed
      </Pill>
    );
  }
  return (
    <Pill tone="neutral" className="text-sm" data-status="queued">
      <Clock aria-hidden="true" />
      Waiting
    </Pill>
  );
}

function ItemReason({ item }: { item: TJobItemSummary }) {
  if (item.status === 'failed') return <p className="text-sm break-words">{item.error?.message ?? 'The item could not be processed.'}</p>;
  if (item.status === 'queued') return <p className="text-sm text-muted-foreground">Not processed yet.</p>;
  // The reason already says the most severe failure; the others are listed under it.
  const otherFailures = item.failures.filter((failure) => failure.explanation !== item.reason);
  return (
    <div className="space-y-1">
      <p className="text-sm break-words" data-testid="job-item-reason">
        {item.reason}
      </p>
      {item.verdict !== 'unsigned' && item.trustLabel ? (
        <p className="text-xs text-muted-foreground" data-testid="job-item-trust">
          {item.organization ? <span className="font-medium text-foreground">{item.organization}. </span> : null}
          {item.trustLabel}
        </p>
      ) : null}
      {otherFailures.length > 0 ? (
        <ul className="list-disc ps-5 text-xs text-muted-foreground">
          {otherFailures.map((failure, index) => (
            <li key={`${failure.code}-${index}`}>{failure.explanation}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function JobItemList({ jobId, items }: { jobId: string; items: TJobItemSummary[] }) {
  return (
    <ol className="divide-y rounded-lg border" aria-label="Items of this job">
      {items.map((item) => (
        <li key={item.index} className="grid gap-3 p-4 sm:grid-cols-[9rem_1fr_auto] sm:items-start" data-testid="job-item" data-index={item.index} data-status={item.status}>
          <ItemVerdict item={item} />
          <div className="min-w-0 space-y-1">
            <p className="text-sm font-medium break-all">
              <span className="text-muted-foreground tabular-nums">{item.index + 1}. </span>
              {item.assetUrl}
            </p>
            <ItemReason item={item} />
          </div>
          {item.status === 'queued' ? null : (
            <Link
              to={jobItemReportPath(jobId, item.index)}
              className="inline-flex items-center gap-1 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
              aria-label={`Report of item ${item.index + 1}, ${item.assetUrl}`}
            >
              <FileText className="size-4" aria-hidden="true" />
              Report
            </Link>
          )}
        </li>
      ))}
    </ol>
  );
}
