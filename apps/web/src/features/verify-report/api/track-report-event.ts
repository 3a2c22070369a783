// Counts what readers do with a report of a manifest this gateway holds (POST /track-analytics):
// report_view when the report is shown, download when its manifest is downloaded. Analytics never
// get in the reader's way, so failures are dropped.
import type { TTrackAnalyticsRequest } from '@provenance/contracts';
import { apiRequest } from '@/lib/api-client';

export type ReportEvent = Extract<TTrackAnalyticsRequest['eventType'], 'report_view' | 'download'>;

export async function trackReportEvent(eventType: ReportEvent, manifestId: string): Promise<void> {
  const body: TTrackAnalyticsRequest = { eventType, data: { assetId: manifestId, userAgent: navigator.userAgent } };
  await apiRequest('/track-analytics', { json: body }).catch(() => undefined);
}
