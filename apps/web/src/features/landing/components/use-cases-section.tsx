// The four audiences the product serves.
import { Building2, Newspaper, Palette, Scale } from 'lucide-react';
import { Section, SectionHeading } from './section-heading';

const USE_CASES = [
  { Icon: Newspaper, title: 'Newsrooms', text: 'Sign photos and footage on the desk or in the field, and show readers a verifiable record of what your journalists captured.' },
  { Icon: Palette, title: 'Creative agencies', text: 'Attach authorship and license terms to every deliverable, and state plainly where generative AI took part.' },
  { Icon: Building2, title: 'CDNs and platforms', text: 'Verify credentials at upload or at the edge and display a badge next to the media your users see.' },
  { Icon: Scale, title: 'Regulators and auditors', text: 'Check claims of origin independently, with signer certificates, validation codes and the full edit history.' },
];

export function UseCasesSection() {
  return (
    <Section labelledBy="use-cases-title" id="use-cases">
      <SectionHeading id="use-cases-title" eyebrow="Use cases" title="Built for the people whose credibility is on the line" />
      <ul className="mt-8 grid sm:mt-12 gap-6 sm:grid-cols-2">
        {USE_CASES.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-card p-6 shadow-sm">
            <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-primary text-primary-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
