// A box that scrolls sideways when its content is wider than the screen (code samples, tables on a
// phone). It takes keyboard focus and is a named region, so a person without a pointer can reach it
// and scroll it with the arrow keys, and a screen reader says what it holds.
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={cn('overflow-x-auto', className)}>
      {children}
    </div>
  );
}
