// Where the gateway plugs in: the ways this product is actually reached and what it interoperates with.
import { Section, SectionHeading } from './section-heading';

const INTEGRATIONS = [
  { name: 'REST API', text: 'Sign, verify and track over HTTPS with API keys.' },
  { name: 'Command line', text: 'The provenance CLI signs and verifies local files and URLs.' },
  { name: 'iOS and Android', text: 'The same app runs natively, with camera, location and device details.' },
  { name: 'C2PA validators', text: 'Manifests validate in c2pa-rs and Adobe’s Content Authenticity tools.' },
  { name: 'CDNs and the edge', text: 'Call verification from edge workers in front of your media.' },
  { name: 'S3-compatible storage', text: 'Keep signed assets and manifests in your own object store.' },
  { name: 'PostgreSQL', text: 'Run on your own database, or the built-in embedded one.' },
  { name: 'OpenAPI', text: 'A machine-readable description of every endpoint.' },
];

export function IntegrationsSection() {
  return (
    <Section labelledBy="integrations-title" id="integrations" className="bg-muted/50">
      <SectionHeading id="integrations-title" eyebrow="Integrations" title="Fits into the tools you already run" />
      <ul className="mt-8 grid sm:mt-12 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {INTEGRATIONS.map((item) => (
          <li key={item.name} className="rounded-lg border bg-card p-5">
            <h3 className="font-semibold">{item.name}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
