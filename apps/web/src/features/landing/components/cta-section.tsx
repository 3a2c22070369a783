// Closing call to action.
import { PrimaryActions } from './primary-actions';

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
        <PrimaryActions className="justify-center" />
      </div>
    </section>
  );
}
