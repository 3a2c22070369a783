// What teams say about working with Content Credentials, attributed by role.
import { Quote } from 'lucide-react';
import { Section, SectionHeading } from './section-heading';

const TESTIMONIALS = [
  { quote: 'Our photographers sign in the field and the desk sees the credential before the picture is published. Questions about a photo now take minutes, not days.', role: 'Photo desk editor', org: 'Regional news publisher' },
  { quote: 'Clients ask whether AI touched a campaign image. The credential answers that in the file itself, signed by us.', role: 'Head of production', org: 'Creative agency' },
  { quote: 'We check the certificate chain and the validation codes ourselves. The verdict is never a black box.', role: 'Digital forensics lead', org: 'Media regulator' },
];

export function TestimonialsSection() {
  return (
    <Section labelledBy="testimonials-title" id="testimonials">
      <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Trusted by teams who publish what matters" />
      <ul className="mt-8 grid sm:mt-12 gap-6 lg:grid-cols-3">
        {TESTIMONIALS.map((item) => (
          <li key={item.role}>
            <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
              <Quote className="size-6 text-primary/60" aria-hidden="true" />
              <blockquote className="mt-3 flex-1 font-serif text-lg leading-relaxed">“{item.quote}”</blockquote>
              <figcaption className="mt-5 border-t pt-4 text-sm">
                <span className="font-semibold">{item.role}</span>
                <span className="text-muted-foreground">, {item.org}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
