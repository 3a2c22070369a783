// One figure of the analytics screen: a label, the value and a line saying what it counts.
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function StatCard({ label, value, hint, icon }: { label: string; value: string; hint: string; icon: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className="grid size-8 place-items-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </div>
      <p className="mt-3 font-serif text-3xl font-semibold tabular-nums tracking-tight" data-testid={`stat-${label}`}>
        {value}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}
