// Says where the result on screen was verified and what that means: in the browser nothing was sent,
// the trust lists came from the gateway, and revocation was read from the gateway's CRL only for the
// certificates it issued (no OCSP responder is asked); on the gateway the file was
// uploaded and not stored. A file found in the repository by its hash links to its report.
import { Link } from 'react-router';
import { Laptop, Server } from 'lucide-react';
import { reportPath } from '../lib/report-download';
import type { VerifyPlace } from '../lib/verify-place';

export function VerifyPlaceNote({ place, repositoryManifestId }: { place: VerifyPlace; repositoryManifestId: string | null }) {
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
        {repositoryManifestId ? (
          <p data-testid="repository-match">
            This file matches, by its SHA-256, an asset this gateway signed; its Content Credentials are held here:{' '}
            <Link to={reportPath(repositoryManifestId)} className="font-medium text-primary underline-offset-4 hover:underline">
              see its report
            </Link>
            .
          </p>
        ) : null}
      </div>
    </div>
  );
}
