// The account's signed assets, newest first, a page at a time: thumbnail, title (linking to its
// readable report at /v/:manifestId), the file's own verdict now (its stored file verified under the
// trust lists and revocation in force, in the report's trust words), the copies of it seen elsewhere
// apart, how often its manifest was verified, and its downloads.
import { Link } from 'react-router';
import { AlertTriangle, Download, FileCode2, FileSearch, FileVideo, ImageOff } from 'lucide-react';
import type { TSignedAsset, TSignedFileVerdict } from '@provenance/contracts';
import { embedSnippet } from '@provenance/badge/embed-snippet';
import { CopyButton } from '@/components/copy-button';
import { StatusPill } from '@/components/status-pill';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { trackEvent } from '@/lib/api/analytics';
import { formatDateTime } from '@/lib/format';
import { formatBytes } from '../lib/sign-form';
import { SeenElsewhere } from './seen-elsewhere';
import { TransformAssetDialog } from './transform-asset-dialog';

/** The readable report of a signed asset, at the permanent address publishers link to. */
function reportPath(manifestId: string): string {
  return `/v/${encodeURIComponent(manifestId)}`;
}

function Thumbnail({ asset }: { asset: TSignedAsset }) {
  if (asset.thumbnailUrl) {
    return <img src={asset.thumbnailUrl} alt="" loading="lazy" className="size-16 shrink-0 rounded-md border bg-muted object-cover" />;
  }
  const Icon = asset.mime.startsWith('video/') ? FileVideo : ImageOff;
  return (
    <span className="grid size-16 shrink-0 place-items-center rounded-md border bg-muted text-muted-foreground" aria-hidden="true">
      <Icon className="size-6" />
    </span>
  );
}

/** The file's own verdict: the status and who vouches for the signer, as the report words it. */
function OwnVerdict({ verdict }: { verdict: TSignedFileVerdict | null }) {
  if (!verdict) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="own-verdict">
        This file could not be checked just now; its report checks it again.
      </p>
    );
  }
  return (
    <div className="space-y-1 text-xs" data-testid="own-verdict">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">This file:</span>
        <StatusPill status={verdict.status} />
      </p>
      <p className="text-muted-foreground" data-testid="own-verdict-trust">
        {verdict.trust.label}
      </p>
      {verdict.status === 'invalid' || verdict.revocation === 'revoked' ? <p className="text-foreground">{verdict.reason}</p> : null}
    </div>
  );
}

export function SignedAssetList({
  assets,
  state,
  more = null,
}: {
  assets: TSignedAsset[] | undefined;
  state: 'pending' | 'error' | 'success';
  /** The next page, when there is one. */
  more?: { load: () => void; loading: boolean } | null;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Your signed content</CardTitle>
        <CardDescription>Newest first. Each file&apos;s verdict is its own, checked under today&apos;s trust lists and revocations; copies of it seen elsewhere are listed apart.</CardDescription>
      </CardHeader>
      <CardContent>
        {state === 'pending' ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading your signed content…
          </p>
        ) : state === 'error' || !assets ? (
          <p className="text-sm text-muted-foreground" role="status">
            Your signed content could not be loaded right now.
          </p>
        ) : assets.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">Nothing signed yet. What you sign appears here.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Signed assets">
            {assets.map((asset) => (
              <li key={asset.assetId} className="flex flex-col gap-3 p-4 md:flex-row md:items-center" data-testid="signed-asset">
                <div className="flex min-w-0 flex-1 items-center gap-4">
                  <Thumbnail asset={asset} />
                  <div className="min-w-0 space-y-1">
                    <p className="truncate font-medium">
                      <Link to={reportPath(asset.manifestId)} className="underline-offset-4 hover:underline">
                        {asset.title ?? 'Untitled'}
                      </Link>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {asset.mime} · {formatBytes(asset.bytes)} · <time dateTime={asset.createdAt}>{formatDateTime(asset.createdAt)}</time>
                    </p>
                    <p className="flex items-center gap-1 text-xs">
                      <code className="truncate font-mono text-muted-foreground">{asset.manifestId}</code>
                      <CopyButton text={asset.manifestId} label={`Copy manifest ID of ${asset.title ?? 'this asset'}`} className="h-7 px-2" />
                    </p>
                    {asset.signedBy ? (
                      <p className="text-xs text-muted-foreground" data-testid="signed-by">
                        Signed as {/(?:^|,\s*)CN=([^,]+)/.exec(asset.signedBy.subject)?.[1] ?? asset.signedBy.subject}
                        {asset.signedBy.kind === 'managed' ? ' (managed certificate)' : asset.signedBy.kind === 'certificate' ? ' (your certificate)' : ' (remote signer)'}
                      </p>
                    ) : null}
                    {asset.timestamp.state === 'pending' || asset.timestamp.state === 'failed' ? (
                      <p className="text-xs text-muted-foreground" data-testid="timestamp-state">
                        {asset.timestamp.state === 'pending' ? 'Timestamp pending: added as soon as the time-stamping authority answers' : 'Timestamp not added: the time-stamping authority did not answer for a week'}
                      </p>
                    ) : null}
                    {asset.parentCredentialsWarning ? (
                      <p className="flex items-start gap-1.5 text-xs text-foreground" data-testid="parent-credentials-warning">
                        <AlertTriangle className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />
                        <span>
                          <strong>Signed over invalid Content Credentials:</strong> {asset.parentCredentialsWarning} The new manifest records that failure.
                        </span>
                      </p>
                    ) : null}
                    <EmbedSnippet asset={asset} />
                  </div>
                </div>
                <div className="min-w-0 space-y-2 md:w-72 md:shrink-0">
                  <OwnVerdict verdict={asset.verdict} />
                  <SeenElsewhere seen={asset.seenElsewhere} />
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-sm tabular-nums text-muted-foreground" data-testid="verification-count">
                    {asset.verificationCount} {asset.verificationCount === 1 ? 'verification' : 'verifications'}
                  </span>
                  <Button asChild variant="outline" size="sm">
                    <Link to={reportPath(asset.manifestId)} aria-label={`Report of ${asset.title ?? 'this asset'}`}>
                      <FileSearch aria-hidden="true" />
                      Report
                    </Link>
                  </Button>
                  {asset.mime.startsWith('image/') && asset.mime !== 'image/svg+xml' && !asset.sidecar ? <TransformAssetDialog asset={asset} /> : null}
                  <Button asChild variant="outline" size="sm">
                    <a href={asset.signedAssetUrl} download onClick={() => void trackEvent('download', asset.assetId)} aria-label={`Download signed file ${asset.title ?? ''}`.trim()}>
                      <Download aria-hidden="true" />
                      File
                    </a>
                  </Button>
                  <Button asChild variant="ghost" size="sm">
                    <a href={asset.sidecarUrl} download aria-label={`Download .c2pa sidecar ${asset.title ?? ''}`.trim()}>
                      <FileCode2 aria-hidden="true" />
                      .c2pa
                    </a>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {state === 'success' && more ? (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" onClick={more.load} disabled={more.loading}>
              {more.loading ? 'Loading…' : 'Show more'}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The copy-paste HTML that shows the Content Credentials badge over this asset on another site. */
function EmbedSnippet({ asset }: { asset: TSignedAsset }) {
  const snippet = embedSnippet({ origin: window.location.origin, manifestId: asset.manifestId, assetUrl: `${asset.signedAssetUrl}?download=0`, mime: asset.mime, alt: asset.title ?? '' });
  return (
    <details className="text-xs" data-testid="embed-snippet">
      <summary className="cursor-pointer text-muted-foreground hover:text-foreground">Embed the Content Credentials badge</summary>
      <pre className="mt-2 max-w-full overflow-x-auto rounded-md bg-muted p-2 font-mono text-[11px] leading-relaxed">
        <code>{snippet}</code>
      </pre>
      <CopyButton text={snippet} label={`Copy embed code for ${asset.title ?? 'this asset'}`} className="mt-1 h-7 px-2" />
    </details>
  );
}
