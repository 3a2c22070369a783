// The manifest chain as a history, newest first: who signed each version, when, with what tool, and
// its verdict. Beyond four versions the older ones fold away behind a button, as the C2PA UX
// recommendations advise, so the recent story stays readable.
import { useMemo, useState } from 'react';
import { GitCommitVertical } from 'lucide-react';
import type { TVerifyResponse } from '@provenance/contracts';
import { StatusPill } from '@/components/status-pill';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { manifestChain } from '../lib/manifest-chain';
import { ReportSection } from './report-section';

const SHOWN = 4;

export function ManifestHistory({ result }: { result: TVerifyResponse }) {
  const steps = useMemo(() => manifestChain(result.report, result.verification.status), [result]);
  const [open, setOpen] = useState(false);
  if (steps.length === 0) return null;
  const hidden = steps.length - SHOWN;
  const visible = open || hidden <= 0 ? steps : steps.slice(0, SHOWN);
  return (
    <ReportSection
      id="manifest-history-title"
      title="Version history"
      icon={<GitCommitVertical />}
      description={steps.length === 1 ? 'One signed version: this asset was not made from an earlier credentialed version.' : `${steps.length} signed versions, newest first.`}
    >
      <ol id="manifest-history" className="space-y-3" data-testid="manifest-history">
        {visible.map(({ manifest, status }, index) => {
          const signer = manifest.signer?.organization ?? manifest.signer?.commonName ?? null;
          return (
            <li key={manifest.label} data-testid="manifest-version" className="rounded-lg border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">
                  {index === 0 ? 'This version' : `Earlier version ${index}`}
                  {manifest.title ? <span className="font-normal text-muted-foreground"> · {manifest.title}</span> : null}
                </p>
                <StatusPill status={status} className="text-xs" />
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {signer ? `Signed by ${signer}` : 'Signer not stated'}
                {manifest.signedAt ? (
                  <>
                    {' '}
                    on <time dateTime={manifest.signedAt}>{formatDateTime(manifest.signedAt)}</time>
                  </>
                ) : null}
                {manifest.claimGenerator ? <> · {manifest.claimGenerator}</> : null}
              </p>
              {manifest.actions.length > 0 ? <p className="mt-1 text-sm">{manifest.actions.map((action) => action.label).join(', ')}</p> : null}
            </li>
          );
        })}
      </ol>
      {hidden > 0 ? (
        <Button variant="outline" size="sm" className="mt-3" aria-expanded={open} aria-controls="manifest-history" onClick={() => setOpen((value) => !value)}>
          {open ? 'Show fewer versions' : `Show ${hidden} earlier version${hidden === 1 ? '' : 's'}`}
        </Button>
      ) : null}
    </ReportSection>
  );
}
