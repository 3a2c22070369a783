// Four steps from upload to verification, and the formats they apply to.
import { FileCheck2, Globe2, Lock, Upload } from 'lucide-react';
import { Section, SectionHeading } from './section-heading';

const STEPS = [
  { Icon: Upload, title: 'Upload', text: 'Send an image or video by URL or file, from the dashboard, the API or the mobile app.' },
  { Icon: FileCheck2, title: 'Add credentials', text: 'Record the creator, license, capture device, location and whether AI was involved.' },
  { Icon: Lock, title: 'Sign and secure', text: 'The gateway seals a C2PA manifest into the file with your organisation’s certificate.' },
  { Icon: Globe2, title: 'Verify everywhere', text: 'Anyone can check the file with our verifier or any C2PA-conformant tool.' },
];

const FORMATS = ['JPEG', 'PNG', 'MP4'];

export function HowItWorksSection() {
  return (
    <Section labelledBy="how-title" id="how-it-works" className="bg-muted/50">
      <SectionHeading id="how-title" eyebrow="How it works" title="From capture to credential in four steps" />
      <ol className="mt-8 grid sm:mt-12 gap-6 md:grid-cols-2 lg:grid-cols-4">
        {STEPS.map(({ Icon, title, text }, index) => (
          <li key={title} className="relative rounded-xl border bg-card p-6">
            <div className="flex items-center gap-3">
              <span className="grid size-9 place-items-center rounded-full bg-primary font-mono text-sm font-semibold text-primary-foreground" aria-hidden="true">
                {index + 1}
              </span>
              <Icon className="size-5 text-primary" aria-hidden="true" />
            </div>
            <h3 className="mt-4 text-lg font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {title}
            </h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
          </li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
        <span className="text-sm font-medium text-muted-foreground">Supported formats:</span>
        <ul className="flex flex-wrap gap-2" aria-label="Supported formats">
          {FORMATS.map((format) => (
            <li key={format} className="rounded-md border bg-card px-3 py-1 font-mono text-sm font-semibold">
              {format}
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
