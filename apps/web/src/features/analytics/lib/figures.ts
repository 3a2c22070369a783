// Number formats and chart rows of the analytics screen. Only real figures: a rate that cannot be
// computed (no verifications yet) is shown as a dash, never as a made-up 99.9.
import type { TAnalyticsSummary, TVerificationStatus } from '@provenance/contracts';

export const STATUS_ORDER: TVerificationStatus[] = ['verified', 'partial', 'invalid', 'unsigned'];

export const STATUS_LABELS: Record<TVerificationStatus, string> = {
  verified: 'Verified',
  partial: 'Partial',
  invalid: 'Invalid',
  unsigned: 'Unsigned',
};

export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A percentage with at most one decimal ("100%", "66.7%"); a dash when there is nothing to rate. */
export function formatPercent(value: number | null, locale?: string): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)}%`;
}

/** "2026-11-21" as a short day label ("Nov 21"), read as a calendar date, not shifted by time zone. */
export function formatDay(date: string, locale?: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}

export interface DayRow {
  date: string;
  label: string;
  verified: number;
  partial: number;
  invalid: number;
  unsigned: number;
  total: number;
}

export function perDayRows(summary: Pick<TAnalyticsSummary, 'perDay'>, locale?: string): DayRow[] {
  return summary.perDay.map((day) => ({
    ...day,
    label: formatDay(day.date, locale),
    total: day.verified + day.partial + day.invalid + day.unsigned,
  }));
}

/** Whether the account has anything to chart: a signed manifest or a verification. */
export function hasActivity(summary: Pick<TAnalyticsSummary, 'manifests' | 'verifications'>): boolean {
  return summary.manifests > 0 || summary.verifications.total > 0;
}

/** "3 min ago", "2 h ago", "5 days ago": when a verification happened, next to its exact time. */
export function formatRelative(iso: string, now: number = Date.now(), locale?: string): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}
