// Hero: what the product is, Get Started (to /dashboard) and View Documentation,
// beside a summary of what a Content Credential records.
import { Clock, Cpu, FileClock, Fingerprint, Sparkles } from 'lucide-react';
import { PrimaryActions } from './primary-actions';

const RECORDS = [
  { Icon: Fingerprint, label: 'Signer', text: 'The organisation whose certificate signed the manifest' },
  { Icon: Clock, label: 'Signing time', text: 'When the credential was made' },
  { Icon: Cpu, label: 'Tool', text: 'The camera, app or software that produced the file' },
  { Icon: FileClock, label: 'Edit history', text: 'Each recorded action since capture' },
  { Icon: Sparkles, label: 'AI involvement', text: 'Whether generative AI took part' },
];

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-hero-from to-hero-to text-white">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(255,255,255,0.08),transparent_45%),radial-gradient(circle_at_85%_70%,rgba(96,165,250,0.12),transparent_40%)]" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/5 px-3 py-1 text-xs font-medium tracking-wide text-blue-100">
            C2PA Content Credentials for images and video
          </p>
          <h1 id="hero-title" className="mt-6 font-serif text-4xl font-semibold leading-tight tracking-tight sm:text-5xl lg:text-6xl">
            Prove where your content comes from.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-blue-100/90">
            Provenance Gateway signs images and video with tamper-evident Content Credentials and verifies them anywhere, so newsrooms,
            agencies, platforms and regulators can tell authentic media from the rest.
          </p>
          <PrimaryActions />
        </div>
        <div className="rounded-2xl border border-white/15 bg-white/[0.06] p-6 shadow-2xl backdrop-blur-sm">
          <p className="text-sm font-semibold text-white">What a Content Credential records</p>
          <ul className="mt-4 divide-y divide-white/10">
            {RECORDS.map(({ Icon, label, text }) => (
              <li key={label} className="flex items-start gap-3 py-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-blue-200" aria-hidden="true" />
                <div>
                  <p className="text-sm font-medium text-white">{label}</p>
                  <p className="text-sm text-blue-100/80">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-blue-100/70">Sealed with a cryptographic signature: change one byte and verification says so.</p>
        </div>
      </div>
    </section>
  );
}
