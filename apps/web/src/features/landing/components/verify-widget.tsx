// Live verify widget: an image URL is verified by the real verify endpoint, and the verdict is shown
// beside its toast: status pill, signer, signing time, trust level, AI flag, and a link to the full
// result. An empty URL gives the product's validation toast.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { toast } from 'sonner';
import { StatusPill } from '@/components/status-pill';
import { AssetUrlInput, VerifySubmitButton } from '@/components/asset-url-field';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api/client';
import { verificationKeys, verifyAssetUrl } from '@/lib/api/verification';
import { aiDisclosureText } from '@/lib/ai-disclosure-text';
import { formatDateTime } from '@/lib/format';
import { showVerdictToast } from '@/lib/verdict-toast';
import { isVerified, signerName, trustLevelText, type VerificationSummary } from '@/lib/verification';
import { Section, SectionHeading } from './section-heading';

export function VerifyWidget() {
  const [url, setUrl] = useState('');
  const [verified, setVerified] = useState<{ url: string; result: VerificationSummary } | null>(null);
  const verify = useMutation({ mutationKey: verificationKeys.verify, mutationFn: (assetUrl: string) => verifyAssetUrl(assetUrl) });

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    const assetUrl = url.trim();
    if (!assetUrl) {
      toast.error('Image URL required', { description: 'Please enter an image URL to verify' });
      return;
    }
    setVerified(null);
    verify.mutate(assetUrl, {
      onSuccess: (result) => {
        setVerified({ url: assetUrl, result });
        showVerdictToast(result.verification.status);
      },
      onError: (error) => {
        toast.error('Verification Failed', { description: error instanceof ApiError && error.message ? error.message : 'Unable to verify content' });
      },
    });
  }

  return (
    <Section labelledBy="verify-title" id="verify" className="bg-muted/50">
      <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
        <SectionHeading id="verify-title" eyebrow="Live verification" title="Check an image now" align="left">
          Paste the address of an image. The gateway fetches it, validates its Content Credentials with the C2PA reference implementation and
          tells you what it found.
        </SectionHeading>
        <div className="rounded-xl border bg-card p-6 shadow-sm">
          <form onSubmit={handleSubmit} noValidate className="space-y-3">
            <FormField id="verify-url" label="Image URL" className="space-y-3">
              {(control) => (
                <div className="flex flex-col gap-3 sm:flex-row">
                  <AssetUrlInput {...control} wrapperClassName="flex-1" value={url} onChange={(event) => setUrl(event.target.value)} disabled={verify.isPending} />
                  <VerifySubmitButton busy={verify.isPending} />
                </div>
              )}
            </FormField>
          </form>
          <div aria-live="polite">{verified ? <ResultSummary url={verified.url} result={verified.result} /> : null}</div>
        </div>
      </div>
    </Section>
  );
}

function ResultSummary({ url, result }: { url: string; result: VerificationSummary }) {
  const ok = isVerified(result);
  const signer = signerName(result);
  const signedAt = result.report?.signedAt ?? null;
  const { status } = result.verification;
  const article = useRef<HTMLElement>(null);
  // The answer takes the focus when it arrives, so it is read at once and the keyboard goes on from it.
  useEffect(() => article.current?.focus(), []);
  return (
    <article ref={article} tabIndex={-1} aria-labelledby="verify-result-title" data-testid="verify-result" className={ok ? 'mt-6 rounded-lg border border-success/40 bg-success-soft/40 p-5' : 'mt-6 rounded-lg border border-destructive/30 bg-danger-soft/40 p-5'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="verify-result-title" className="text-lg font-semibold">
          {ok ? 'Verified' : 'Verification Failed'}
        </h3>
        <StatusPill status={status} />
      </div>
      <p className="mt-2 text-sm text-muted-foreground">{result.badge.message}</p>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Signer</dt>
          <dd className="font-medium break-words">{signer ?? 'None'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Signed</dt>
          <dd className="font-medium">{signedAt ? <time dateTime={signedAt}>{formatDateTime(signedAt)}</time> : 'Not recorded'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Trust level</dt>
          <dd className="font-mono font-medium">{trustLevelText(result.verification)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">AI use</dt>
          <dd className="font-medium">{aiDisclosureText(result.report?.activeManifest?.aiDisclosure ?? null).title}</dd>
        </div>
      </dl>
      <Link to={`/verify?url=${encodeURIComponent(url)}`} className="mt-5 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline">
        View full result
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}
