// One titled block of the report: a card with an h2, so screen-reader users can jump between parts.
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function ReportSection({ id, title, icon, description, actions, className, children }: {
  id: string;
  title: string;
  icon?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6', className)}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          {icon ? <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4">{icon}</span> : null}
          <div>
            <h2 id={id} className="text-lg font-semibold tracking-tight">
              {title}
            </h2>
            {description ? <p className="mt-0.5 text-sm text-muted-foreground">{description}</p> : null}
          </div>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * A term and its value in the report's definition lists; empty values say so rather than vanish.
 * Its <div> is the only element between <dl> and <dt>/<dd> that HTML allows, so a fact spanning
 * both columns says `wide` instead of being wrapped in another box.
 */
export function Fact({ term, children, mono = false, wide = false, testId }: { term: string; children: ReactNode; mono?: boolean; wide?: boolean; testId?: string }) {
  return (
    <div className={cn('min-w-0', wide && 'sm:col-span-2')} data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{term}</dt>
      <dd className={cn('mt-1 break-words text-sm font-medium', mono && 'font-mono text-xs')}>{children}</dd>
    </div>
  );
}

export function NotStated() {
  return <span className="font-normal text-muted-foreground">Not stated</span>;
}
