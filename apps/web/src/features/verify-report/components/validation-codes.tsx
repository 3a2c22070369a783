// Every validation status code c2pa-rs reported for the active manifest, grouped into failures,
// informational codes and successes, each with its one-line explanation and the part it refers to.
import { ListChecks } from 'lucide-react';
import type { TValidationCode, TVerifyResponse } from '@provenance/contracts';
import { cn } from '@/lib/utils';
import { ReportSection } from './report-section';

const GROUPS = [
  { key: 'failure', title: 'Failures', tone: 'border-destructive/40 bg-danger-soft/50', open: true },
  { key: 'ingredient', title: 'Ingredient failures', tone: 'border-destructive/40 bg-danger-soft/50', open: true },
  { key: 'informational', title: 'Informational', tone: 'border-border bg-muted/40', open: true },
  { key: 'success', title: 'Passed checks', tone: 'border-success/30 bg-success-soft/40', open: false },
] as const;

/** The manifest part a code refers to, without the JUMBF prefix that repeats on every line. */
function partOf(url: string | undefined): string | null {
  if (!url) return null;
  const part = url.replace(/^self#jumbf=\/?c2pa\/[^/]+\/?/, '');
  return part || null;
}

function CodeList({ codes }: { codes: TValidationCode[] }) {
  return (
    <ul className="divide-y">
      {codes.map((code, index) => (
        <li key={`${code.code}-${code.url ?? ''}-${index}`} className="py-2" data-code={code.code}>
          <p className="text-sm">{code.explanation}</p>
          <p className="mt-0.5 flex flex-wrap gap-x-2 font-mono text-xs text-muted-foreground">
            <span className="font-medium text-foreground">{code.code}</span>
            {partOf(code.url) ? <span className="break-all">{partOf(code.url)}</span> : null}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ValidationCodes({ result }: { result: TVerifyResponse }) {
  const { codes, ingredientFailures } = result.report;
  const lists: Record<(typeof GROUPS)[number]['key'], TValidationCode[]> = {
    failure: codes.failure,
    ingredient: ingredientFailures,
    informational: codes.informational,
    success: codes.success,
  };
  const total = codes.failure.length + codes.informational.length + codes.success.length + ingredientFailures.length;
  return (
    <ReportSection id="codes-title" title="Validation codes" icon={<ListChecks />} description="The C2PA status codes behind the verdict, each explained in one line.">
      {total === 0 ? (
        <p className="text-sm text-muted-foreground">No validation codes: there was no manifest to validate.</p>
      ) : (
        <div className="space-y-3" data-testid="validation-codes">
          {GROUPS.filter((group) => lists[group.key].length > 0).map((group) => (
            <details key={group.key} open={group.open} className={cn('group rounded-lg border', group.tone)} data-group={group.key}>
              <summary className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-ring">
                <span>{group.title}</span>
                <span className="rounded-full bg-card px-2 py-0.5 text-xs tabular-nums">{lists[group.key].length}</span>
              </summary>
              <div className="border-t bg-card px-3">
                <CodeList codes={lists[group.key]} />
              </div>
            </details>
          ))}
        </div>
      )}
    </ReportSection>
  );
}
