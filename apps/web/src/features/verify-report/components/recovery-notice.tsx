// The signings this gateway's manifest repository holds whose content matches a file without Content
// Credentials of its own (by exact hash or by its ISCC fingerprint), side by side, earliest first, each
// with its date, organisation, picture and how closely it matched: the first is the one credited, so a
// later re-signing of someone's published photo is never shown as its source. The file's own verdict
// stays unsigned: these credentials are not embedded in it.
import type { TRecovery, TRecoveryCandidate } from '@provenance/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Archive } from 'lucide-react';
import { heldAssetUrl } from '@/lib/api/manifests';
import { formatDateTime } from '@/lib/format';
import { RECOVERY_METHOD_LABEL } from '@/lib/verification';
import { reportPath } from '../lib/report-download';

const METHOD_WORDS: Record<TRecovery['method'], string> = {
  'exact-hash': 'the same bytes (SHA-256) as the file signed, its original, or the signed file with its credentials removed',
  fingerprint: 'a visually similar image (ISCC fingerprint)',
};

const CANDIDATE_METHOD = RECOVERY_METHOD_LABEL;

const STATUS_WORDS: Record<TRecovery['verification']['status'], string> = {
  verified: 'verified',
  partial: 'intact, but no trust list vouches for their signer',
  invalid: 'broken',
  unsigned: 'missing',
};

export function RecoveryNotice({ recovery }: { recovery: TRecovery }) {
  const candidates = recovery.candidates;
  return (
    <section aria-labelledby="recovery-title" data-testid="recovery-notice" data-method={recovery.method} className="space-y-3 rounded-xl border bg-muted/40 p-4 text-sm">
      <div className="flex items-start gap-3">
        <Archive className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="space-y-1">
          <h2 id="recovery-title" className="font-medium">
            Signed before: {candidates.length === 1 ? 'one matching signing' : `${candidates.length} matching signings`} in this gateway’s repository, earliest first
          </h2>
          <p className="text-muted-foreground">
            The earliest is credited: it matched as {METHOD_WORDS[recovery.method]}, similarity {recovery.similarity}%, and its credentials (held here, not in this file) are{' '}
            {STATUS_WORDS[recovery.verification.status]}.{' '}
            <Link to={reportPath(recovery.manifestId)} className="font-medium text-primary underline-offset-4 hover:underline">
              See the matching report
            </Link>
            .
          </p>
        </div>
      </div>
      <ol aria-label="Matching signings, earliest first" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {candidates.map((candidate, index) => (
          <CandidateCard key={candidate.manifestId} candidate={candidate} credited={index === 0} />
        ))}
      </ol>
    </section>
  );
}

function CandidateCard({ candidate, credited }: { candidate: TRecoveryCandidate; credited: boolean }) {
  const [pictureFailed, setPictureFailed] = useState(false);
  const when = candidate.trustedTimestampAt ?? candidate.signedAt;
  return (
    <li data-testid="recovery-candidate" data-manifest-id={candidate.manifestId} data-method={candidate.method} className="flex gap-3 rounded-lg border bg-card p-3">
      {pictureFailed ? null : (
        <img src={heldAssetUrl(candidate.manifestId)} alt="" loading="lazy" onError={() => setPictureFailed(true)} className="size-20 shrink-0 rounded-md border object-cover" />
      )}
      <div className="min-w-0 space-y-0.5">
        {credited ? <p className="text-xs font-semibold uppercase tracking-wide text-success">Earliest: credited</p> : null}
        <p className="font-medium">{candidate.organization ?? 'Organisation not named'}</p>
        <p>
          Signed <time dateTime={when}>{formatDateTime(when)}</time>{' '}
          <span className="text-muted-foreground">{candidate.trustedTimestampAt ? '(trusted timestamp)' : '(time claimed by the signer)'}</span>
        </p>
        <p className="text-muted-foreground">
          {CANDIDATE_METHOD[candidate.method]}, similarity {candidate.similarity}%
        </p>
        <Link to={reportPath(candidate.manifestId)} className="font-medium text-primary underline-offset-4 hover:underline">
          <span>Report</span>
          <span className="sr-only"> of the signing of {formatDateTime(when)}</span>
        </Link>
      </div>
    </li>
  );
}
