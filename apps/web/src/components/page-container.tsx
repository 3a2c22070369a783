// Width and padding of inner pages, so every screen lines up with the navigation bar.
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 lg:px-8', className)} {...props} />;
}
