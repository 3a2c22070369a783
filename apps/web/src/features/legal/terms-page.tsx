// Terms of service: eleven sections, last updated October 27, 2025; 18+
// eligibility, a 99.9% uptime target, 30 days' notice of termination; the governing-law
// jurisdiction is a placeholder until the operating entity is set.
import { env } from '@/config/env';
import { LegalDocument, type LegalSection } from './components/legal-document';
import { MailLink } from './components/mail-link';
import { LEGAL_LAST_UPDATED } from './legal-dates';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of Terms',
    body: <p>By creating an account or using Provenance Gateway (the web app, the mobile app or the API), you agree to these terms. If you use it for an organisation, you accept them on its behalf.</p>,
  },
  {
    id: 'service-description',
    title: 'Description of Service',
    body: <p>Provenance Gateway signs, verifies and displays C2PA Content Credentials for images and video, and provides authenticity badges, analytics, API access and native device features in its mobile app.</p>,
  },
  {
    id: 'account-security',
    title: 'Account Registration and Security',
    body: (
      <ul>
        <li>You must be at least 18 years old to create an account.</li>
        <li>Give accurate information and keep your password and API keys confidential.</li>
        <li>You are responsible for activity under your account; tell us at once if you suspect unauthorised use.</li>
      </ul>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use',
    body: (
      <ul>
        <li>Do not sign content with false credentials, or to misrepresent who made it or how.</li>
        <li>Do not use the service to infringe rights, break the law, or distribute malware.</li>
        <li>Do not probe, overload or bypass the security of the service or its rate limits.</li>
      </ul>
    ),
  },
  {
    id: 'content-and-ip',
    title: 'Content and Intellectual Property',
    body: <p>You keep all rights in your content. You grant us the limited licence needed to process it to provide the service. The software, design and marks of Provenance Gateway remain ours.</p>,
  },
  {
    id: 'service-availability',
    title: 'Service Availability',
    body: <p>We target 99.9% uptime for the service, excluding announced maintenance. We may change or improve features over time.</p>,
  },
  {
    id: 'limitation-of-liability',
    title: 'Limitation of Liability',
    body: (
      <p>
        A verification result states what the Content Credentials of a file show; it is not a guarantee of the truth of the content itself. To the
        extent the law allows, we are not liable for indirect or consequential losses arising from use of the service.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: <p>You may close your account at any time. We may suspend or end the service for you with 30 days&apos; notice, or at once for a serious breach of these terms.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to Terms',
    body: <p>We may update these terms. We will announce material changes before they take effect; using the service afterwards means you accept them.</p>,
  },
  {
    id: 'governing-law',
    title: 'Governing Law',
    body: <p>These terms are governed by the laws of [Jurisdiction], without regard to its conflict-of-law rules.</p>,
  },
  {
    id: 'contact',
    title: 'Contact Information',
    body: (
      <p>
        Questions about these terms: <MailLink address={env.VITE_LEGAL_EMAIL} />.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={LEGAL_LAST_UPDATED}
      intro={<p>These terms govern your use of Provenance Gateway. Please read them carefully.</p>}
      sections={SECTIONS}
    />
  );
}
