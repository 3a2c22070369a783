// One figure of an account (the dashboard's and the analytics screen's stat cards): a label, the
// value and a line saying what it counts. `compactOnPhones` is for a row of three cards that must
// share one phone-width row (the dashboard): smaller type, and no icon or hint below `sm`.
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export interface StatCardProps {
  label: string;
  value: string;
  hint: string;
  icon: ReactNode;
  compactOnPhones?: boolean;
}

export function StatCard({ label, value, hint, icon, compactOnPhones = false }: StatCardProps) {
  return (
    <Card className={compactOnPhones ? 'p-3 sm:p-5' : 'p-5'}>
      <div className="flex items-start justify-between gap-3">
        <p className={cn('font-medium text-muted-foreground', compactOnPhones ? 'text-xs sm:text-sm' : 'text-sm')}>{label}</p>
        <span
          className={cn(
            'size-8 place-items-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4',
            compactOnPhones ? 'hidden sm:grid' : 'grid',
          )}
          aria-hidden="true"
        >
          {icon}
        </span>
      </div>
      <p
        className={cn('font-serif font-semibold tabular-nums tracking-tight', compactOnPhones ? 'mt-2 text-2xl sm:mt-3 sm:text-3xl' : 'mt-3 text-3xl')}
        data-testid={`stat-${label}`}
      >
        {value}
      </p>
      <p className={cn('mt-1 text-xs text-muted-foreground', compactOnPhones && 'hidden sm:block')}>{hint}</p>
    </Card>
  );
}
