// One verification event opened: what was found (who vouches for the signer, the organisation, a
// match in the manifest repository) and where (the address verified, the page that asked, the
// place and the time), with the report that can be shown for it: the account's own job item's stored
// result, the address verified again, or the report of the manifest this gateway holds.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TVerificationEvent } from '@provenance/contracts';
import { jobItemReportPath } from '@/lib/api/jobs';
import { manifestReportPath } from '@/lib/api/manifests';
import { formatDateTime } from '@/lib/format';
import { RECOVERY_METHOD_LABEL } from '@/lib/verification';

const LINK = 'font-medium text-primary underline-offset-4 hover:underline';

function Row({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3" data-testid={testId}>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function EventDetails({ id, event }: { id: string; event: TVerificationEvent }) {
  // A URL verification's address can be verified again; a badge's check was of the manifest with a picture.
  const verifyAgain = !event.jobItem && event.source === 'url' && event.assetUrl && !event.mediaCheck ? `/verify?url=${encodeURIComponent(event.assetUrl)}` : null;
  return (
    <div id={id} className="mt-3 space-y-4 rounded-lg border bg-muted/30 p-4 text-sm" data-testid="event-details">
      <section aria-label="What was found" className="space-y-2">
        <h3 className="font-medium">What was found</h3>
        <dl className="space-y-2">
          <Row term="Reason">{event.reason}</Row>
          {event.trustLabel ? (
            <Row term="Who vouches" testId="event-trust">
              {event.trustLabel}
            </Row>
          ) : null}
          {event.organization ? (
            <Row term="Organisation" testId="event-organization">
              {event.organization}
            </Row>
          ) : null}
          {event.recovery ? (
            <Row term="Recovered" testId="event-recovery">
              No credentials in the file; it matched a signing in this gateway&apos;s repository: {RECOVERY_METHOD_LABEL[event.recovery.method]}, {event.recovery.similarity}% similar.
            </Row>
          ) : null}
        </dl>
      </section>
      <section aria-label="Where" className="space-y-2">
        <h3 className="font-medium">Where</h3>
        <dl className="space-y-2">
          <Row term="Address" testId="event-address">
            {event.assetUrl ? <span className="break-all font-mono text-xs">{event.assetUrl}</span> : event.source === 'upload' ? 'An uploaded file (no address)' : 'Not known'}
          </Row>
          {event.pageOrigin ? (
            <Row term="Page" testId="event-page">
              <span className="break-all font-mono text-xs">{event.pageOrigin}</span>
            </Row>
          ) : null}
          <Row term="Place">{event.geo_location ?? 'Location unknown'}</Row>
          <Row term="Time">
            <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
          </Row>
        </dl>
      </section>
      {event.jobItem || verifyAgain || event.heldManifestId ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label="Reports">
          {event.jobItem ? (
            <li>
              <Link to={jobItemReportPath(event.jobItem.jobId, event.jobItem.index)} className={LINK}>
                Report of this verification (batch job item {event.jobItem.index + 1})
              </Link>
            </li>
          ) : null}
          {verifyAgain ? (
            <li>
              <Link to={verifyAgain} className={LINK}>
                Verify this address again
              </Link>
            </li>
          ) : null}
          {event.heldManifestId ? (
            <li>
              <Link to={manifestReportPath(event.heldManifestId)} className={LINK}>
                Report of the signed original
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
