// The six capabilities of the product.
import { BadgeCheck, BarChart3, Code2, FileSignature, ScanSearch, Smartphone } from 'lucide-react';
import { Section, SectionHeading } from './section-heading';

const FEATURES = [
  { Icon: FileSignature, title: 'Sign content', text: 'Embed a C2PA manifest with creator, license, capture device and AI involvement into each image or video you publish.' },
  { Icon: ScanSearch, title: 'Verify anywhere', text: 'Check signatures, certificate chains and content hashes with the c2pa-rs reference implementation, from a URL or a file.' },
  { Icon: BadgeCheck, title: 'Authenticity badges', text: 'Give readers a plain verdict beside the media: verified, partial or unsigned, with the reason.' },
  { Icon: BarChart3, title: 'Analytics', text: 'Count what you have signed and follow every verification of your content, as it happens.' },
  { Icon: Code2, title: 'API access', text: 'Sign, verify and track from your own systems with a small REST API and per-account API keys.' },
  { Icon: Smartphone, title: 'Native mobile capture', text: 'Capture and sign at the source on iOS and Android, with device details and location in the credential.' },
];

export function FeaturesSection() {
  return (
    <Section labelledBy="features-title" id="features">
      <SectionHeading id="features-title" eyebrow="Features" title="Everything provenance needs, in one gateway">
        From the moment of capture to the reader&apos;s screen, each step leaves a verifiable record.
      </SectionHeading>
      <ul className="mt-8 grid sm:mt-12 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-xl border bg-card p-5 shadow-sm sm:block sm:p-6">
            <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="text-lg font-semibold sm:mt-4">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground sm:mt-2">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
