// Security and compliance: how keys, secrets, traffic and fetched assets are protected.
import { FileCheck2, KeyRound, Lock, ServerCog, ShieldCheck, ScrollText } from 'lucide-react';
import { Section } from './section-heading';

const POINTS = [
  { Icon: ShieldCheck, title: 'C2PA conformant', text: 'Manifests are made and checked with the C2PA reference implementation, so any conforming validator agrees with us.' },
  { Icon: KeyRound, title: 'Keys stay on the server', text: 'Signing keys never leave the gateway; they are never logged and never returned by the API.' },
  { Icon: Lock, title: 'Encrypted in transit', text: 'All traffic travels over TLS 1.3. Passwords are hashed with a memory-hard function, API keys stored hashed.' },
  { Icon: ServerCog, title: 'Safe fetching', text: 'Asset URLs are fetched with strict limits and never reach internal networks.' },
  { Icon: FileCheck2, title: 'Tamper evidence', text: 'Change one byte of a signed file and its verification fails, with the reason.' },
  { Icon: ScrollText, title: 'Audit trail', text: 'Every verification is recorded as an event you can review in your analytics.' },
];

export function SecuritySection() {
  return (
    <Section labelledBy="security-title" id="security-compliance" className="bg-hero-to text-white">
      <div className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-blue-200">Security and compliance</p>
        <h2 id="security-title" className="mt-2 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
          Security you can audit
        </h2>
      </div>
      <ul className="mt-8 grid sm:mt-12 gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {POINTS.map(({ Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <Icon className="mt-0.5 size-6 shrink-0 text-blue-200" aria-hidden="true" />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-blue-100/80">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
