// /verify: check a dropped or picked file, or a pasted URL (/verify?url=... deep-links, which is where
// the landing widget's 'View full result' leads), and show the full Content Credentials report.
// Files are verified in this browser by default (nothing uploaded) or on the gateway, as chosen;
// URLs are always fetched and verified by the gateway.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { UploadStatus } from '@/components/upload-status';
import { ApiError } from '@/lib/api/client';
import { findManifestByHash } from '@/lib/api/manifests';
import { fetchGatewayCrl, gatewayCrlUrl } from '@/lib/api/pki';
import { findManifestByFingerprint } from '@/lib/api/soft-binding';
import { trustListsQuery } from '@/lib/api/trust';
import type { UploadProgress } from '@/lib/api/upload';
import { verificationKeys, verifyAssetFile, verifyAssetUrl } from '@/lib/api/verification';
import { BrowserUndecidedError, RemoteManifestError, verifyInBrowser } from '@/lib/browser-verification/verify-in-browser';
import { showVerdictToast } from '@/lib/verdict-toast';
import { ReportView } from './components/report-view';
import { ReportError, ReportLoading, errorText } from './components/report-states';
import { SourcePicker } from './components/source-picker';
import { VerifyPlaceNote, type BrowserLookup } from './components/verify-place-note';
import { useVerifyPlace, type VerifyPlace } from './lib/verify-place';
import type { TVerifyResponse } from '@provenance/contracts';

const NO_BROWSER_VERDICT = 'No verdict in this browser';

type Source = { kind: 'url'; url: string } | { kind: 'file'; file: File; place: VerifyPlace };

interface Outcome {
  result: TVerifyResponse;
  place: VerifyPlace;
  /** A browser verification's repository lookup; null on the gateway. */
  lookup: BrowserLookup | null;
}

function describe(source: Source): string {
  if (source.kind === 'url') return source.url;
  return source.place === 'browser' ? `${source.file.name}, in this browser` : source.file.name;
}

/** A browser verification's own errors say what happened; the gateway's are said as the API said them. */
function failureText(error: unknown): string {
  return !(error instanceof ApiError) && error instanceof Error && error.message ? error.message : errorText(error);
}

export function VerifyPage() {
  const [params, setParams] = useSearchParams();
  const url = params.get('url');
  const [source, setSource] = useState<Source | null>(null);
  const [place, setPlace] = useVerifyPlace();
  const queryClient = useQueryClient();
  // A file sent to the gateway shows its bytes going up, or that it waits for a connection.
  const [upload, setUpload] = useState<{ progress: UploadProgress | null; waiting: boolean } | null>(null);
  const verify = useMutation<Outcome, unknown, Source>({
    mutationKey: verificationKeys.verify,
    mutationFn: async (next) => {
      if (next.kind === 'url') return { result: await verifyAssetUrl(next.url, { thumbnails: true }), place: 'gateway', lookup: null };
      if (next.place === 'gateway') {
        setUpload({ progress: null, waiting: false });
        const result = await verifyAssetFile(next.file, {
          thumbnails: true,
          onProgress: (progress) => setUpload({ progress, waiting: false }),
          onWaiting: (waiting) => setUpload((current) => ({ progress: current?.progress ?? null, waiting })),
        });
        return { result, place: 'gateway', lookup: null };
      }
      const trust = await queryClient.fetchQuery(trustListsQuery());
      const { result, repositoryMatch, sentForLookup } = await verifyInBrowser(
        next.file,
        trust,
        { byHash: findManifestByHash, byFingerprint: findManifestByFingerprint },
        { crlUrl: gatewayCrlUrl(), gatewayCrl: fetchGatewayCrl },
      );
      return { result, place: 'browser', lookup: { sent: sentForLookup, match: repositoryMatch } };
    },
  });
  const { mutate } = verify;

  const run = useCallback(
    (next: Source) => {
      setSource(next);
      setUpload(null);
      mutate(next, {
        onSuccess: ({ result }) => showVerdictToast(result.verification.status),
        // A browser that could not decide claims no failure: it says so and offers the gateway.
        onError: (error) => toast.error(error instanceof BrowserUndecidedError ? NO_BROWSER_VERDICT : 'Verification Failed', { description: failureText(error) }),
      });
    },
    [mutate],
  );

  // The URL in the address bar is the source of truth for URL checks, so links and reloads re-run them.
  const lastUrl = useRef<string | null>(null);
  useEffect(() => {
    if (url && url !== lastUrl.current) {
      lastUrl.current = url;
      run({ kind: 'url', url });
    }
  }, [url, run]);

  function checkUrl(next: string): void {
    if (next === url) run({ kind: 'url', url: next });
    else setParams({ url: next });
  }

  function checkFile(file: File, where: VerifyPlace = place): void {
    lastUrl.current = null;
    if (url) setParams({}, { replace: true });
    run({ kind: 'file', file, place: where });
  }

  const shareUrl = source?.kind === 'url' ? `${window.location.origin}/verify?url=${encodeURIComponent(source.url)}` : null;
  // A file the browser cannot decide on is offered to the gateway: one whose manifest is at a web address, or one c2pa-rs here could not read.
  const offer =
    source?.kind === 'file' && (verify.error instanceof RemoteManifestError || verify.error instanceof BrowserUndecidedError)
      ? {
          file: source.file,
          testId: verify.error instanceof RemoteManifestError ? 'remote-manifest' : 'browser-undecided',
          text:
            verify.error instanceof RemoteManifestError
              ? 'Its manifest is fetched by the gateway, not by your browser, so this file has to be verified on the gateway: it is uploaded, verified and not stored.'
              : 'This browser gives no verdict on this file; the gateway decides: it is uploaded, verified and not stored.',
        }
      : null;

  return (
    <PageContainer>
      <PageHeader
        title="Verify Content Credentials"
        icon={<ShieldCheck />}
        description="See who made a photo, video or document, when, with which tools and AI, what it was made from, and whether it changed after it was signed."
      />
      <SourcePicker key={url ?? ''} busy={verify.isPending} initialUrl={url ?? ''} onUrl={checkUrl} onFile={(file) => checkFile(file)} place={place} onPlaceChange={setPlace} />
      <div className="mt-8" aria-live="polite">
        {source && verify.isPending ? (
          <div className="space-y-3">
            {upload ? <UploadStatus progress={upload.progress} waiting={upload.waiting} afterUpload="Uploaded; verifying on the gateway…" /> : null}
            <ReportLoading what={describe(source)} />
          </div>
        ) : null}
        {source && verify.isError ? (
          <div className="space-y-3">
            <ReportError title={verify.error instanceof BrowserUndecidedError ? NO_BROWSER_VERDICT : 'Verification Failed'} error={verify.error} message={failureText(verify.error)} />
            {offer ? (
              <div data-testid={offer.testId} className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-4 text-sm sm:flex-row sm:items-center">
                <p className="flex-1">{offer.text}</p>
                <Button variant="outline" onClick={() => checkFile(offer.file, 'gateway')}>
                  Verify on the gateway
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
        {source && verify.isSuccess ? (
          <div className="space-y-4">
            <VerifyPlaceNote place={verify.data.place} lookup={verify.data.lookup} />
            <ReportView key={verify.submittedAt} result={verify.data.result} file={source.kind === 'file' ? source.file : null} shareUrl={shareUrl} focusOnArrival />
          </div>
        ) : null}
        {!source ? (
          <p className="text-sm text-muted-foreground">
            {place === 'browser'
              ? 'The report appears here. Files are verified in this browser with the C2PA reference implementation and never leave your device; web addresses are fetched and verified by this gateway.'
              : 'The report appears here. Files are sent only to this gateway, verified with the C2PA reference implementation, and not stored.'}
          </p>
        ) : null}
      </div>
    </PageContainer>
  );
}
