// /v/:manifestId: the report of a manifest this gateway signed and holds, at a permanent address
// publishers link to (the badge's 'full report' link leads here).
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { PageContainer } from '@/components/page-container';
import { PageHeader } from '@/components/page-header';
import { trackEvent } from '@/lib/api/analytics';
import { ApiError } from '@/lib/api/client';
import { heldAssetUrl, manifestReportQuery } from '@/lib/api/manifests';
import { reportPath } from './lib/report-download';
import { ReportView } from './components/report-view';
import { ReportError, ReportLoading } from './components/report-states';

export function ManifestReportPage() {
  const { manifestId = '' } = useParams();
  const report = useQuery(manifestReportQuery(manifestId));
  const notFound = report.error instanceof ApiError && report.error.status === 404;
  // One report_view per manifest shown, however often the page re-renders.
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (report.isSuccess && counted.current !== manifestId) {
      counted.current = manifestId;
      void trackEvent('report_view', manifestId);
    }
  }, [report.isSuccess, manifestId]);
  return (
    <PageContainer>
      <PageHeader
        title="Content Credentials report"
        icon={<ShieldCheck />}
        description={
          // "Verified again just now" only once it has been: an unknown ID was never verified.
          notFound ? (
            <>
              No manifest with the ID <code className="break-all font-mono text-sm">{manifestId}</code> is known to this gateway.
            </>
          ) : (
            <>
              Manifest <code className="break-all font-mono text-sm">{manifestId}</code>
              {report.isSuccess ? ', verified again just now.' : '.'}
            </>
          )
        }
      />
      <div aria-live="polite">
        {report.isPending ? <ReportLoading what={manifestId} /> : null}
        {report.isError ? (
          <div className="space-y-3">
            <ReportError title={notFound ? 'Manifest not found' : 'Verification Failed'} error={report.error} />
            <p className="text-sm">
              <Link to="/verify" className="font-medium text-primary underline-offset-4 hover:underline">
                Check a file or URL instead
              </Link>
            </p>
          </div>
        ) : null}
        {report.isSuccess ? <ReportView result={report.data} shareUrl={`${window.location.origin}${reportPath(manifestId)}`} storeKnown heldAssetUrl={heldAssetUrl(manifestId)} /> : null}
      </div>
    </PageContainer>
  );
}
