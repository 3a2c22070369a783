// The product's mark and name, as used in the navigation bar and the footer.
import { ShieldCheck } from 'lucide-react';
import { cn } from '@/lib/utils';

export function BrandMark({ className, nameClassName, inverse = false }: { className?: string; nameClassName?: string; inverse?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className={cn('grid size-8 place-items-center rounded-md', inverse ? 'bg-white text-slate-900' : 'bg-primary text-primary-foreground')}>
        <ShieldCheck className="size-5" aria-hidden="true" />
      </span>
      <span className={nameClassName}>Provenance Gateway</span>
    </span>
  );
}
