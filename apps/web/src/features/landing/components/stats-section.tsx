// Headline figures of the landing page.
const STATS = [
  { value: '2.5M+', label: 'Items signed' },
  { value: '500+', label: 'Organizations' },
  { value: '99.9%', label: 'Verification success' },
  { value: '<5ms', label: 'Edge verification' },
];

export function StatsSection() {
  return (
    <section aria-label="Key figures" className="border-b bg-card">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px px-4 sm:px-6 lg:grid-cols-4 lg:px-8">
        {STATS.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse items-center gap-1 px-2 py-8 text-center">
            <dt className="text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="font-serif text-3xl font-semibold tracking-tight text-primary sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
