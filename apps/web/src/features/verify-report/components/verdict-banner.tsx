// The verdict first, in plain language: Verified or Verification Failed with the verdict in a few
// words beside it, the status pill, what it means (a partial explained in full sentences), the
// engine's reason, and the checks behind it, each with its own icon shape as well as colour.
import { useEffect, useRef } from 'react';
import { AlertTriangle, CheckCircle2, CircleHelp, ShieldAlert, ShieldCheck, ShieldQuestion, ShieldX, XCircle } from 'lucide-react';
import type { TVerifyResponse } from '@provenance/contracts';
import { StatusPill } from '@/components/status-pill';
import { cn } from '@/lib/utils';
import { trustLevelText } from '@/lib/verification';
import { formatDateTime } from '@/lib/format';
import { evidenceText, partialExplanation, verdictShortText, verdictText, type Tone } from '../lib/report-text';
import { verdictChecks, type CheckState } from '../lib/verdict-checks';

const TONE: Record<Tone, string> = {
  success: 'border-success/40 bg-success-soft/60',
  warning: 'border-warning/40 bg-warning-soft/60',
  danger: 'border-destructive/40 bg-danger-soft/60',
  neutral: 'border-border bg-neutral-soft',
};
const ICON_TONE: Record<Tone, string> = { success: 'text-success', warning: 'text-warning', danger: 'text-destructive', neutral: 'text-muted-foreground' };
const ICONS = { verified: ShieldCheck, partial: ShieldAlert, invalid: ShieldX, unsigned: ShieldQuestion } as const;

const CHECK_ICON: Record<CheckState, { Icon: typeof CheckCircle2; className: string; word: string }> = {
  pass: { Icon: CheckCircle2, className: 'text-success', word: 'Passed' },
  warn: { Icon: AlertTriangle, className: 'text-warning', word: 'Warning' },
  fail: { Icon: XCircle, className: 'text-destructive', word: 'Failed' },
  unknown: { Icon: CircleHelp, className: 'text-muted-foreground', word: 'Not checked' },
};

export function VerdictBanner({ result, focusOnArrival = false }: { result: TVerifyResponse; focusOnArrival?: boolean }) {
  const { status } = result.verification;
  const section = useRef<HTMLElement>(null);
  // A verdict that arrives after the person asked for it takes the focus, so a screen reader reads
  // it at once and the keyboard continues from it, instead of staying on the Verify button.
  useEffect(() => {
    if (focusOnArrival) section.current?.focus({ preventScroll: false });
  }, [focusOnArrival]);
  const context = { tier: result.verification.trust.tier, recovered: Boolean(result.recovery), signerTrusted: result.verification.chainValid };
  const text = verdictText(status, context);
  const Icon = ICONS[status];
  const checks = verdictChecks(result);
  const partial = partialExplanation(result);
  const checkedText = evidenceText(result.verification.evidence, (iso) => formatDateTime(iso));
  return (
    <section
      ref={section}
      tabIndex={focusOnArrival ? -1 : undefined}
      aria-labelledby="verdict-title"
      data-testid="verdict"
      data-status={status}
      className={cn('rounded-xl border p-5 sm:p-6', TONE[text.tone])}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Icon className={cn('size-12 shrink-0', ICON_TONE[text.tone])} aria-hidden="true" strokeWidth={1.6} />
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-widest text-muted-foreground">Content Credentials</p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h2 id="verdict-title" className="font-serif text-2xl font-semibold tracking-tight sm:text-3xl">
              {text.headline}
            </h2>
            <StatusPill status={status} />
            <span className="rounded-md border bg-card/70 px-2 py-0.5 font-mono text-xs" title="Trust level">
              <span className="sr-only">Trust level </span>
              {trustLevelText(result.verification)}
            </span>
          </div>
          <p className="mt-1 font-medium" data-testid="verdict-short">
            {verdictShortText(status, context)}
          </p>
          <p className="mt-3 text-base">{text.meaning}</p>
          {partial ? (
            <div data-testid="partial-explained" className="mt-3 space-y-1 rounded-lg border border-warning/40 bg-card/80 p-3 text-sm">
              <p className="font-semibold">What “partial” means here</p>
              {partial.map((sentence) => (
                <p key={sentence}>{sentence}</p>
              ))}
            </div>
          ) : null}
          <p className="mt-1 text-sm text-muted-foreground" data-testid="verdict-reason">
            <span className="font-medium text-foreground">Why: </span>
            {result.report.reason}
          </p>
          {checkedText ? (
            <p className="mt-1 text-xs text-muted-foreground" data-testid="verdict-evidence" title={result.verification.evidence?.trustSnapshot ? `Trust snapshot ${result.verification.evidence.trustSnapshot.id}` : undefined}>
              {checkedText}
            </p>
          ) : null}
        </div>
      </div>
      {checks.length > 0 ? (
        <ul className="mt-5 grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-label="Checks behind the verdict">
          {checks.map((check) => {
            const look = CHECK_ICON[check.state];
            return (
              <li key={check.id} data-check={check.id} data-state={check.state} className="flex items-start gap-2 rounded-lg border bg-card/80 p-3">
                <look.Icon className={cn('mt-0.5 size-4 shrink-0', look.className)} aria-hidden="true" />
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    {check.label}
                    <span className="sr-only">: {check.word ?? look.word}</span>
                  </p>
                  <p className="text-xs text-muted-foreground">{check.detail}</p>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
