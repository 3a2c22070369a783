// The whole Content Credentials report for one verification answer: verdict first, then the asset
// and what it says, signer, AI disclosure, edit history, ingredients, codes, downloads.
import type { TVerifyResponse } from '@provenance/contracts';
import { ActionTimeline } from './action-timeline';
import { AiDisclosure } from './ai-disclosure';
import { AssetPreview } from './asset-preview';
import { CompareSlider } from './compare-slider';
import { CredentialSummary } from './credential-summary';
import { IngredientTree } from './ingredient-tree';
import { ManifestHistory } from './manifest-history';
import { NamedActors } from './named-actors';
import { RecoveryNotice } from './recovery-notice';
import { ReportDownloads } from './report-downloads';
import { SignerDetails } from './signer-details';
import { ValidationCodes } from './validation-codes';
import { VerdictBanner } from './verdict-banner';

/** focusOnArrival: the report answers what the person just asked, so the focus goes to its verdict. */
export function ReportView({
  result,
  file = null,
  shareUrl = null,
  storeKnown,
  heldAssetUrl = null,
  focusOnArrival = false,
}: {
  result: TVerifyResponse;
  file?: File | null;
  shareUrl?: string | null;
  storeKnown?: boolean;
  /** The signed file the gateway holds for this manifest (reports at /v/:id). */
  heldAssetUrl?: string | null;
  focusOnArrival?: boolean;
}) {
  const manifest = result.report.activeManifest;
  const signer = result.report.signer;
  return (
    <article aria-label="Content Credentials report" data-testid="report" data-status={result.verification.status} data-reason-code={result.verification.reasonCode ?? ''} className="space-y-6">
      <VerdictBanner result={result} focusOnArrival={focusOnArrival} />
      {result.recovery ? <RecoveryNotice recovery={result.recovery} /> : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          <AssetPreview result={result} file={file} heldAssetUrl={heldAssetUrl} />
          {manifest ? <AiDisclosure manifest={manifest} /> : null}
        </div>
        <div className="space-y-6">
          {manifest ? <CredentialSummary result={result} /> : <UnsignedExplainer recovered={Boolean(result.recovery)} />}
          {signer ? <SignerDetails signer={signer} trust={result.verification.trust} organizationVerified={result.verification.credentials.organizationVerified} organizationDomain={result.verification.credentials.organizationDomain} timestamp={result.report.timestamp} /> : null}
          {result.verification.identities?.length ? <NamedActors identities={result.verification.identities} /> : null}
        </div>
      </div>
      {manifest ? (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <ActionTimeline manifest={manifest} />
          <IngredientTree result={result} />
        </div>
      ) : null}
      {manifest ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <ManifestHistory result={result} />
          <CompareSlider result={result} file={file} />
        </div>
      ) : null}
      <ValidationCodes result={result} />
      <ReportDownloads result={result} shareUrl={shareUrl} storeKnown={storeKnown} />
    </article>
  );
}

/** `recovered`: the repository matched signed content, shown above; saying nothing is known would contradict it. */
function UnsignedExplainer({ recovered }: { recovered: boolean }) {
  return (
    <section aria-labelledby="unsigned-title" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="unsigned-title" className="text-lg font-semibold">What this means</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        No C2PA manifest was found embedded in this file. Many files lose their Content Credentials when a platform re-encodes them or strips metadata.{' '}
        {recovered
          ? 'This file itself proves nothing about who made it; the signings above are content matching it that was signed before, and the earliest is credited.'
          : 'An unsigned file is not necessarily fake, but nothing here shows who made it or how.'}
      </p>
    </section>
  );
}
