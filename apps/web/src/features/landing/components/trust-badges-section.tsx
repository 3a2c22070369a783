// The three badges readers see and what each promises.
import { StatusPill } from '@/components/status-pill';
import type { VerificationStatus } from '@/lib/verification';
import { Section, SectionHeading } from './section-heading';

const BADGES: { status: VerificationStatus; title: string; text: string }[] = [
  { status: 'verified', title: 'Verified', text: 'The manifest is intact and its signer chains to a trusted certificate authority. What it says about the file is what was signed.' },
  { status: 'partial', title: 'Partial', text: 'The manifest is intact, but the signer is not on a trust list, or an ingredient’s own credential failed. Read it with care.' },
  { status: 'unsigned', title: 'Unsigned', text: 'No Content Credentials were found in or for the file. Nothing can be said about where it came from.' },
];

export function TrustBadgesSection() {
  return (
    <Section labelledBy="badges-title" id="trust-badges">
      <SectionHeading id="badges-title" eyebrow="Trust badges" title="A verdict anyone can read">
        Every verification ends in one of these badges, shown beside the media with the reason behind it.
      </SectionHeading>
      <ul className="mt-8 grid sm:mt-12 gap-6 md:grid-cols-3">
        {BADGES.map((badge) => (
          <li key={badge.status} className="rounded-xl border bg-card p-6 shadow-sm">
            <StatusPill status={badge.status} />
            <h3 className="mt-4 text-lg font-semibold">{badge.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{badge.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
