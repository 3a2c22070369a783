// One figure of the dashboard: a label, the value and a line saying what it counts. Compact on
// phones, where the three cards share one row.
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function StatCard({ label, value, hint, icon }: { label: string; value: string; hint: string; icon: ReactNode }) {
  return (
    <Card className="p-3 sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
        <span className="hidden size-8 place-items-center rounded-md bg-accent text-accent-foreground sm:grid [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="mt-2 font-serif text-2xl font-semibold tabular-nums tracking-tight sm:mt-3 sm:text-3xl" data-testid={`stat-${label}`}>
        {value}
      </p>
      <p className="mt-1 hidden text-xs text-muted-foreground sm:block">{hint}</p>
    </Card>
  );
}
