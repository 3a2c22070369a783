// One labelled value of a details list (a <dt>/<dd> pair), with an optional action beside it.
import type { ReactNode } from 'react';

export function DetailRow({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 border-b py-2 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-right">
        <span className="truncate font-medium tabular-nums" data-testid={`detail-${label.toLowerCase().replace(/\s+/g, '-')}`}>
          {children}
        </span>
        {action}
      </dd>
    </div>
  );
}
