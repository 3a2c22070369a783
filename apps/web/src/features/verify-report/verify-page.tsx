// /verify: check a dropped or picked file, or a pasted URL (/verify?url=... deep-links, which is where
// the landing widget's 'View full result' leads), and show the full Content Credentials report.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { useMutation } from '@tanstack/react-query';
import type { TVerifyResponse } from '@provenance/contracts';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { verificationKeys, verifyAssetFile, verifyAssetUrl } from '@/lib/api/verification';
import { ReportView } from './components/report-view';
import { ReportError, ReportLoading, errorText } from './components/report-states';
import { SourcePicker } from './components/source-picker';

type Source = { kind: 'url'; url: string } | { kind: 'file'; file: File };

function describe(source: Source): string {
  return source.kind === 'url' ? source.url : source.file.name;
}

export function VerifyPage() {
  const [params, setParams] = useSearchParams();
  const url = params.get('url');
  const [source, setSource] = useState<Source | null>(null);
  const verify = useMutation<TVerifyResponse, unknown, Source>({
    mutationKey: verificationKeys.verify,
    mutationFn: (next) => (next.kind === 'url' ? verifyAssetUrl(next.url, { thumbnails: true }) : verifyAssetFile(next.file, { thumbnails: true })),
  });
  const { mutate } = verify;

  const run = useCallback(
    (next: Source) => {
      setSource(next);
      mutate(next, {
        onSuccess: (result) => toast.success('Verification Complete', { description: `Content status: ${result.verification.status}` }),
        onError: (error) => toast.error('Verification Failed', { description: errorText(error) }),
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

  function checkFile(file: File): void {
    lastUrl.current = null;
    if (url) setParams({}, { replace: true });
    run({ kind: 'file', file });
  }

  const shareUrl = source?.kind === 'url' ? `${window.location.origin}/verify?url=${encodeURIComponent(source.url)}` : null;

  return (
    <PageContainer>
      <PageHeader
        title="Verify Content Credentials"
        icon={<ShieldCheck />}
        description="See who made a photo, video or document, when, with which tools and AI, what it was made from, and whether it changed after it was signed."
      />
      <SourcePicker key={url ?? ''} busy={verify.isPending} initialUrl={url ?? ''} onUrl={checkUrl} onFile={checkFile} />
      <div className="mt-8" aria-live="polite">
        {source && verify.isPending ? <ReportLoading what={describe(source)} /> : null}
        {source && verify.isError ? <ReportError title="Verification Failed" error={verify.error} /> : null}
        {source && verify.isSuccess ? (
          <ReportView key={verify.submittedAt} result={verify.data} file={source.kind === 'file' ? source.file : null} shareUrl={shareUrl} />
        ) : null}
        {!source ? (
          <p className="text-sm text-muted-foreground">
            The report appears here. Files are sent only to this gateway, verified with the C2PA reference implementation, and not stored.
          </p>
        ) : null}
      </div>
    </PageContainer>
  );
}
