// Says that a file without Content Credentials of its own matches credentials this gateway's
// manifest repository holds (by exact hash or by its ISCC fingerprint), and links to that manifest's
// report. The file's own verdict stays unsigned: the credentials are not embedded in it.
import type { TRecovery } from '@provenance/contracts';
import { Link } from 'react-router';
import { Archive } from 'lucide-react';
import { reportPath } from '../lib/report-download';

const METHOD_WORDS: Record<TRecovery['method'], string> = {
  'exact-hash': 'the same file with its credentials removed (exact hash)',
  fingerprint: 'a visually similar image (ISCC fingerprint)',
};

export function RecoveryNotice({ recovery }: { recovery: TRecovery }) {
  return (
    <div data-testid="recovery-notice" data-method={recovery.method} role="note" className="flex items-start gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
      <Archive className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="space-y-1">
        <p className="font-medium">No Content Credentials in this file; matching credentials found in the repository (not embedded)</p>
        <p className="text-muted-foreground">
          Matched as {METHOD_WORDS[recovery.method]}, similarity {recovery.similarity}%. Those credentials are {recovery.verification.status}.{' '}
          <Link to={reportPath(recovery.manifestId)} className="font-medium text-primary underline-offset-4 hover:underline">
            See the matching report
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
