// What a signing produced: the signed file to download, the manifest as a
// .c2pa sidecar, the manifest ID, and the verdict of verifying the signed file right after signing.
import { useEffect, useRef, type ReactNode } from 'react';
import { CheckCircle2, Download, FileCode2, ShieldCheck, X } from 'lucide-react';
import type { TSignContentResponse } from '@provenance/contracts';
import { CopyButton } from '@/components/copy-button';
import { StatusPill } from '@/components/status-pill';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { trackEvent } from '@/lib/api/analytics';
import { assetThumbnailUrl } from '@/lib/api/assets';
import { formatDateTime } from '@/lib/format';
import { trustLevelText } from '@/lib/verification';
import { formatBytes, overheadText } from '../lib/sign-form';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

export function SignResultPanel({ result, onDismiss }: { result: TSignContentResponse; onDismiss: () => void }) {
  const { verification, report, badge } = result.verification;
  const overhead = overheadText(result.bytes);
  const signer = report.signer?.commonName ?? report.signer?.organization ?? null;
  const isImage = result.mime.startsWith('image/');
  const title = useRef<HTMLHeadingElement>(null);

  // The panel appears below the form: bring it into view and move focus to it, so keyboard and
  // screen-reader users land on what was just made.
  useEffect(() => {
    title.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    title.current?.focus({ preventScroll: true });
  }, [result.manifestId]);

  return (
    <Card className="border-success/40" aria-labelledby="sign-result-title" data-testid="sign-result">
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="flex items-start gap-3">
          <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-success" aria-hidden="true" />
          <div className="space-y-1">
            <CardTitle level={2} id="sign-result-title" ref={title} tabIndex={-1} className="focus-visible:outline-2 focus-visible:outline-ring">Signed: {report.activeManifest?.title ?? 'your content'}</CardTitle>
            <CardDescription>
              Signed <time dateTime={result.signedManifest.timestamp}>{formatDateTime(result.signedManifest.timestamp)}</time>. The manifest is embedded in the file
              and published as a sidecar.
            </CardDescription>
          </div>
        </div>
        <Button variant="ghost" size="icon" onClick={onDismiss} aria-label="Close the signing result">
          <X aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="space-y-6">
        {result.warnings.length > 0 ? (
          <div role="alert" className="rounded-lg border border-warning/40 bg-warning-soft px-3 py-2 text-sm" data-testid="sign-warnings">
            {result.warnings.map((warning) => (
              <p key={warning}>{warning}</p>
            ))}
          </div>
        ) : null}
        <div className="flex flex-col gap-5 sm:flex-row">
          {isImage ? (
            <img
              src={assetThumbnailUrl(result.assetId)}
              alt="Thumbnail of the signed file"
              className="size-28 shrink-0 rounded-md border bg-muted object-cover"
              onError={(event) => (event.currentTarget.style.display = 'none')}
            />
          ) : null}
          <dl className="grid flex-1 gap-4 sm:grid-cols-2">
            <Fact term="Manifest ID">
              <span className="flex items-center gap-1">
                <code className="min-w-0 break-all font-mono text-xs" data-testid="manifest-id">
                  {result.manifestId}
                </code>
                <CopyButton text={result.manifestId} label="Copy manifest ID" />
              </span>
            </Fact>
            <Fact term="Verification of the signed file">
              <span className="flex flex-wrap items-center gap-2">
                <StatusPill status={verification.status} />
                <span className="text-xs font-semibold text-muted-foreground">TRUST: {trustLevelText(verification)}</span>
              </span>
              <span className="mt-1 block text-muted-foreground">{badge.message}</span>
            </Fact>
            <Fact term="Signer">{signer ?? 'Unknown signer'}</Fact>
            <Fact term="Size">
              {formatBytes(result.bytes.original)} → {formatBytes(result.bytes.signed)}
              {overhead !== null ? (
                <>
                  <span className="text-muted-foreground" data-testid="overhead"> ({overhead})</span>
                  <span className="mt-1 block text-xs text-muted-foreground">The manifest is about the same size for any file (about 3 kB), so small files grow by more than 1%.</span>
                </>
              ) : null}
            </Fact>
            {report.activeManifest?.location ? (
              <Fact term="Capture location">
                {report.activeManifest.location.latitude}, {report.activeManifest.location.longitude}
              </Fact>
            ) : null}
            {report.activeManifest?.device && (report.activeManifest.device.make || report.activeManifest.device.model) ? (
              <Fact term="Device">{[report.activeManifest.device.make, report.activeManifest.device.model].filter(Boolean).join(' ')}</Fact>
            ) : null}
            {verification.credentials.softwareAgent ? <Fact term="Software agent">{verification.credentials.softwareAgent}</Fact> : null}
            <Fact term="Asset hash (SHA-256)">
              <code className="break-all font-mono text-xs">{result.signedManifest.assetHash}</code>
            </Fact>
          </dl>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <Button asChild>
            <a href={result.signedAssetUrl} download onClick={() => void trackEvent('download', result.assetId)}>
              <Download aria-hidden="true" />
              Download signed file
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={result.sidecarUrl} download>
              <FileCode2 aria-hidden="true" />
              Download .c2pa sidecar
            </a>
          </Button>
          <Button asChild variant="ghost">
            <a href={result.manifestUrl} target="_blank" rel="noreferrer">
              <ShieldCheck aria-hidden="true" />
              Manifest report (JSON)
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
