// The edit history as a timeline: each action of the active manifest in order, with when, which
// tool, and the digital source type it declares.
import { History } from 'lucide-react';
import type { TManifestSummary } from '@provenance/contracts';
import { formatDateTime } from '@/lib/format';
import { sourceTypeLabel } from '../lib/report-text';
import { ReportSection } from './report-section';

export function ActionTimeline({ manifest }: { manifest: TManifestSummary }) {
  const { actions } = manifest;
  return (
    <ReportSection id="history-title" title="Edit history" icon={<History />} description={actions.length > 0 ? `${actions.length} action${actions.length === 1 ? '' : 's'} recorded by the signer, in order.` : undefined}>
      {actions.length === 0 ? (
        <p className="text-sm text-muted-foreground">The manifest records no actions.</p>
      ) : (
        <ol className="relative ms-2 border-s-2 border-border" data-testid="action-timeline">
          {actions.map((action, index) => (
            <li key={`${action.action}-${index}`} className="relative ms-5 pb-5 last:pb-0">
              <span className="absolute -start-[1.7rem] top-1 grid size-3.5 place-items-center rounded-full border-2 border-primary bg-card" aria-hidden="true" />
              <p className="font-medium">
                {action.label}
                <span className="ml-2 font-mono text-xs font-normal text-muted-foreground">{action.action}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {action.when ? <time dateTime={action.when}>{formatDateTime(action.when)}</time> : 'Time not recorded'}
                {action.softwareAgent ? <> · {action.softwareAgent}</> : null}
              </p>
              {action.digitalSourceType ? <p className="text-sm">{sourceTypeLabel(action.digitalSourceType)}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </ReportSection>
  );
}
