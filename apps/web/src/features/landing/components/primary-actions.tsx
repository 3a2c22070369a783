// The landing page's two main actions, shown in the hero and again in the closing call to action.
import { Link } from 'react-router';
import { ArrowRight, BookOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export function PrimaryActions({ className }: { className?: string }) {
  return (
    <div className={cn('mt-8 flex flex-col gap-3 sm:flex-row', className)}>
      <Button size="lg" variant="inverse" asChild>
        <Link to="/dashboard">
          Get Started
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
      <Button size="lg" variant="outline-inverse" asChild>
        <Link to="/docs">
          <BookOpen aria-hidden="true" />
          View Documentation
        </Link>
      </Button>
    </div>
  );
}
