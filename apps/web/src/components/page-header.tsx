// Heading block of an inner page: title (the page's h1), description and optional actions.
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function PageHeader({ title, description, icon, className, children }: { title: string; description?: ReactNode; icon?: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <header className={cn('mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="flex items-start gap-3">
        {icon ? <span className="mt-1 grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground [&_svg]:size-5">{icon}</span> : null}
        <div>
          <h1 className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
          {description ? <p className="mt-2 max-w-2xl text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      {children}
    </header>
  );
}
