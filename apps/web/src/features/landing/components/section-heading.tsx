// Heading block of a landing section: eyebrow, title (h2) and lead paragraph.
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function SectionHeading({ id, eyebrow, title, children, align = 'center' }: { id: string; eyebrow: string; title: string; children?: ReactNode; align?: 'center' | 'left' }) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-muted-foreground">{children}</p> : null}
    </div>
  );
}

export function Section({ labelledBy, className, children, id }: { labelledBy: string; className?: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={labelledBy} id={id} className={cn('scroll-mt-20 py-12 sm:py-20 lg:py-24', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  );
}
