// The ten most recent verification events involving the account, newest first: verdict, whether it
// checked the account's own content or was a check the account ran of another file, reason, place and time.
// A badge's check whose picture did not carry or match the credentials reads Mismatch (or Unchecked), never a verdict.
// Each event opens (event-details.tsx) on what was found and where, with the report that can be shown.
import { useState } from 'react';
import { ChevronDown, MapPin, ShieldOff } from 'lucide-react';
import type { TVerificationEvent } from '@provenance/contracts';
import { Button } from '@/components/ui/button';
import { StatusPill } from '@/components/status-pill';
import { Pill } from '@/components/ui/pill';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { formatRelative } from '../lib/figures';
import { EventDetails } from './event-details';

const SOURCE_LABELS: Record<TVerificationEvent['source'], string> = {
  url: 'By URL',
  upload: 'Uploaded file',
  manifest: 'By manifest ID',
};

const MEDIA_CHECK_LABELS: Record<NonNullable<TVerificationEvent['mediaCheck']>, string> = {
  mismatch: 'Mismatch',
  unchecked: 'Unchecked',
};

export function RecentEvents({ events }: { events: TVerificationEvent[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Recent verification events</CardTitle>
        <CardDescription>
          The last {events.length === 1 ? 'verification' : `${events.length} verifications`} of your content or run by you, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No verifications of your content or by you yet.</p>
        ) : (
          <ol className="divide-y rounded-lg border" aria-label="Recent verification events">
            {events.map((event) => (
              <EventRow key={event.id} event={event} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function EventRow({ event }: { event: TVerificationEvent }) {
  const [open, setOpen] = useState(false);
  const detailsId = `event-details-${event.id}`;
  return (
    <li className="p-4" data-testid="verification-event">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        {event.mediaCheck ? (
          <Pill tone={event.mediaCheck === 'mismatch' ? 'danger' : 'warning'} className="self-start text-sm sm:w-28 sm:justify-center" data-status={event.mediaCheck}>
            <ShieldOff aria-hidden="true" />
            {MEDIA_CHECK_LABELS[event.mediaCheck]}
          </Pill>
        ) : (
          <StatusPill status={event.status} className="self-start sm:w-28 sm:justify-center" />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm font-medium break-words">{event.reason}</p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3" aria-hidden="true" />
              <span className="sr-only">Place: </span>
              {event.geo_location ?? 'Location unknown'}
            </span>
            <span className="font-medium text-foreground" data-testid="event-kind">
              {event.ofOwnContent ? 'Your content' : 'Checked by you'}
            </span>
            <span>{SOURCE_LABELS[event.source]}</span>
            {event.manifestId ? <span className="max-w-full truncate font-mono">{event.manifestId}</span> : null}
          </p>
        </div>
        <time dateTime={event.created_at} title={formatDateTime(event.created_at)} className="shrink-0 text-xs text-muted-foreground tabular-nums">
          {formatRelative(event.created_at)}
        </time>
        <Button variant="ghost" size="sm" className="self-start sm:self-center" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((was) => !was)}>
          Details
          <span className="sr-only"> of the verification at {formatDateTime(event.created_at)}</span>
          <ChevronDown className={open ? 'rotate-180 transition-transform' : 'transition-transform'} aria-hidden="true" />
        </Button>
      </div>
      {open ? <EventDetails id={detailsId} event={event} /> : null}
    </li>
  );
}
