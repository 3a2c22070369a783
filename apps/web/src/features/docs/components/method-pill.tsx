// HTTP method label, one colour per verb.
import { cn } from '@/lib/utils';

const TONES: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  post: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  put: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  patch: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  delete: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
};

export function MethodPill({ method }: { method: string }) {
  return <span className={cn('inline-block rounded px-2 py-0.5 font-mono text-xs font-bold uppercase', TONES[method])}>{method}</span>;
}
