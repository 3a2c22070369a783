// Says where the result on screen was verified and what that means: in the browser nothing was sent,
// the trust lists came from the gateway, and revocation was read from the gateway's CRL only for the
// certificates it issued (no OCSP responder is asked); on the gateway the file was uploaded and not
// stored. A file without credentials verified in the browser was looked up in the repository by what
// was sent (its hash, then its fingerprint), which it says, and a match says how it matched (the same
// bytes only for an exact hash) and links to its report.
import { Link } from 'react-router';
import { Laptop, Server } from 'lucide-react';
import type { BrowserRepositoryMatch, SentForLookup } from '@/lib/browser-verification/verify-in-browser';
import { reportPath } from '../lib/report-download';
import type { VerifyPlace } from '../lib/verify-place';

/** The repository lookup of a browser verification: what was sent and what it found. */
export interface BrowserLookup {
  sent: SentForLookup[];
  match: BrowserRepositoryMatch | null;
}

const SENT_WORDS: Record<string, string> = {
  sha256: 'To look it up in this gateway’s repository, its SHA-256 hash (not the file) was sent to the gateway.',
  'sha256,fingerprint': 'To look it up in this gateway’s repository, its SHA-256 hash and then its image fingerprint (ISCC, computed here; not the file) were sent to the gateway.',
};

function matchWords(match: BrowserRepositoryMatch): string {
  if (match.method === 'exact-hash') return 'This file has the same bytes (SHA-256) as an asset this gateway signed, the earliest signing of it; its Content Credentials are held here:';
  const similarity = match.similarity === null ? '' : `, similarity ${match.similarity}%`;
  return `This file looks like an asset this gateway signed (ISCC fingerprint${similarity}; not the same bytes), the earliest signing of it; its Content Credentials are held here:`;
}

export function VerifyPlaceNote({ place, lookup = null }: { place: VerifyPlace; lookup?: BrowserLookup | null }) {
  const Icon = place === 'browser' ? Laptop : Server;
  return (
    <div data-testid="verify-place-note" data-place={place} className="flex items-start gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="space-y-1">
        {place === 'browser' ? (
          <>
            <p className="font-medium">Verified in this browser: the file never left your device.</p>
            <p className="text-muted-foreground">
              c2pa-rs ran here as WebAssembly, trusting the same trust lists as this gateway. Revocation is read here from this gateway’s
              revocation list for the certificates it issued; other signers’ revocation (OCSP) is checked only on the gateway, and a manifest kept at a
              web address is fetched only by the gateway.
            </p>
          </>
        ) : (
          <p className="font-medium">Verified on this gateway: the file was uploaded, verified and not stored.</p>
        )}
        {lookup && lookup.sent.length > 0 ? (
          <p data-testid="repository-lookup-sent" className="text-muted-foreground">
            {SENT_WORDS[lookup.sent.join(',')]}
          </p>
        ) : null}
        {lookup?.match ? (
          <p data-testid="repository-match" data-method={lookup.match.method}>
            {matchWords(lookup.match)}{' '}
            <Link to={reportPath(lookup.match.manifestId)} className="font-medium text-primary underline-offset-4 hover:underline">
              see its report
            </Link>
            .
          </p>
        ) : null}
      </div>
    </div>
  );
}
