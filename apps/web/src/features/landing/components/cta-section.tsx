// Closing call to action.
import { Link } from 'react-router';
import { ArrowRight, BookOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';

export function CtaSection() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-2xl bg-gradient-to-br from-hero-from to-hero-to px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <h2 id="cta-title" className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
          Start signing your content today
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-blue-100/90">
          Create an account, sign your first image and see its credential verified, in a few minutes.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
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
      </div>
    </section>
  );
}
