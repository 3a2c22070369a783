// Evidence an auditor can keep, and identifiers: the evidence archive (one ZIP: the gateway's for a
// manifest it holds, else assembled here from the answer), the report as JSON (with every validation
// code), the `.c2pa` manifest store when the gateway holds it, the vouching trust anchor's certificate
// as PEM, a shareable link to this report, and the technical facts auditors quote, the trust list too.
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, FileArchive, FileBadge, FileJson, FileKey2 } from 'lucide-react';
import type { TVerifyResponse } from '@provenance/contracts';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { trackEvent } from '@/lib/api/analytics';
import { apiUrl } from '@/lib/api/client';
import { manifestEvidenceUrl, manifestStoreQuery, manifestStoreUrl } from '@/lib/api/manifests';
import { fetchTrustSnapshot, trustListsQuery } from '@/lib/api/trust';
import { browserEvidenceArchive } from '../lib/evidence-archive';
import { anchorPem, downloadStem, reportJson, reportPath, signerChainPem, trustListText } from '../lib/report-download';
import { Fact, NotStated, ReportSection } from './report-section';

/** An object URL of a text made in the browser, for a download link; null while there is no text. */
function useTextUrl(text: string | null, type: string): string | null {
  const blob = useMemo(() => (text === null ? null : new Blob([text], { type })), [text, type]);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** Saves bytes made in the browser as a download. */
function saveFile(bytes: Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The evidence archive of a file the gateway does not hold: assembled here from the answer and the
 * trust snapshot it names (fetched from the gateway), with a README saying what is absent and why.
 */
function AssembledEvidenceButton({ result, stem, onDownload }: { result: TVerifyResponse; stem: string; onDownload: () => void }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const assemble = async (): Promise<void> => {
    setBusy(true);
    setFailed(false);
    try {
      const snapshotId = result.verification.evidence?.trustSnapshot?.id;
      const snapshot = snapshotId ? await fetchTrustSnapshot(snapshotId) : null;
      const { bytes } = browserEvidenceArchive({ result, snapshot, apiBase: new URL(apiUrl(''), window.location.href).href.replace(/\/$/, ''), madeAt: new Date() });
      saveFile(bytes, `${stem}.evidence.zip`, 'application/zip');
      onDownload();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outline" onClick={() => void assemble()} disabled={busy} aria-describedby={failed ? 'evidence-archive-error' : undefined}>
        <FileArchive aria-hidden="true" />
        Evidence archive (.zip)
      </Button>
      {failed ? (
        <p id="evidence-archive-error" role="alert" className="basis-full text-xs text-destructive">
          The trust snapshot of this report could not be fetched from the gateway; try again.
        </p>
      ) : null}
    </>
  );
}

/**
 * `storeKnown`: this report is the verdict of the file the gateway holds (the manifest's own report
 * page), whose evidence archive the gateway makes. Any other report (a copy verified by upload or URL,
 * which may differ from the held file even when its manifest is held) gets the archive assembled here
 * from its own answer, so the archive never shows another file's verdict.
 */
export function ReportDownloads({ result, shareUrl, storeKnown }: { result: TVerifyResponse; shareUrl: string | null; storeKnown?: boolean }) {
  const jsonUrl = useTextUrl(useMemo(() => reportJson(result), [result]), 'application/json');
  const vouched = result.verification.trust.anchor !== null;
  const trust = useQuery({ ...trustListsQuery(), enabled: vouched });
  const pemUrl = useTextUrl(useMemo(() => anchorPem(result, trust.data), [result, trust.data]), 'application/x-pem-file');
  const chainUrl = useTextUrl(useMemo(() => signerChainPem(result), [result]), 'application/x-pem-file');
  const manifestId = result.report.manifestId;
  const store = useQuery(manifestStoreQuery(manifestId, storeKnown));
  const hasStore = storeKnown ?? store.data === true;
  const stem = downloadStem(result);
  // A manifest the gateway holds has a permanent report address; other reports link to their source.
  // Downloads are counted against manifests the gateway holds; others are not its to count.
  const countDownload = (): void => {
    if (manifestId && hasStore) void trackEvent('download', manifestId);
  };
  const link = shareUrl ?? (manifestId && hasStore ? `${window.location.origin}${reportPath(manifestId)}` : null);
  return (
    <ReportSection id="downloads-title" title="Downloads and details" icon={<Download />}>
      <div className="flex flex-wrap gap-2">
        {manifestId && storeKnown ? (
          <Button asChild variant="outline">
            <a href={manifestEvidenceUrl(manifestId)} download={`${stem}.evidence.zip`} onClick={countDownload}>
              <FileArchive aria-hidden="true" />
              Evidence archive (.zip)
            </a>
          </Button>
        ) : (
          <AssembledEvidenceButton result={result} stem={stem} onDownload={countDownload} />
        )}
        {jsonUrl ? (
          <Button asChild variant="outline">
            <a href={jsonUrl} download={`${stem}.manifest.json`} onClick={countDownload}>
              <FileJson aria-hidden="true" />
              Manifest report (JSON)
            </a>
          </Button>
        ) : null}
        {manifestId && hasStore ? (
          <Button asChild variant="outline">
            <a href={manifestStoreUrl(manifestId)} download={`${stem}.c2pa`} onClick={countDownload}>
              <FileKey2 aria-hidden="true" />
              Manifest store (.c2pa)
            </a>
          </Button>
        ) : null}
        {chainUrl ? (
          <Button asChild variant="outline">
            <a href={chainUrl} download={`${stem}.signer-chain.pem`} onClick={countDownload}>
              <FileBadge aria-hidden="true" />
              Signer certificates (PEM)
            </a>
          </Button>
        ) : null}
        {pemUrl ? (
          <Button asChild variant="outline">
            <a href={pemUrl} download={`${stem}.trust-anchor.pem`} onClick={countDownload}>
              <FileBadge aria-hidden="true" />
              Trust anchor certificate (PEM)
            </a>
          </Button>
        ) : null}
      </div>
      {manifestId && !hasStore && !store.isLoading ? (
        <p className="mt-2 text-xs text-muted-foreground">The .c2pa manifest store is offered for manifests this gateway signed and holds; this one is embedded in the file itself, with the signer’s certificates.</p>
      ) : null}
      <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact term="Manifest ID" mono wide testId="fact-manifest-id">{manifestId ?? <NotStated />}</Fact>
        <Fact term="Format" mono>{result.report.format}</Fact>
        <Fact term="Validation state" mono>{result.report.validationState ?? 'No manifest'}</Fact>
        <Fact term="Manifests in the store">{result.report.manifests.length}</Fact>
        <Fact term="Trust list" testId="fact-trust-list">{trustListText(result)}</Fact>
        {result.verification.trust.anchor ? <Fact term="Trust anchor" mono>{result.verification.trust.anchor.subject}</Fact> : null}
        {result.eventId ? <Fact term="Verification event" mono>{result.eventId}</Fact> : null}
      </dl>
      {link ? (
        <div className="mt-5 flex flex-col gap-2 rounded-lg border bg-muted/40 p-2 ps-3 sm:flex-row sm:items-center">
          <span className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Link to this report</span>
          <code className="min-w-0 break-all text-xs sm:flex-1" data-testid="share-url">{link}</code>
          <CopyButton text={link} label="Copy link to this report" className="self-start sm:self-auto" />
        </div>
      ) : null}
    </ReportSection>
  );
}
