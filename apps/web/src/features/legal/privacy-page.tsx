// Privacy policy: seven sections, last updated October 27, 2025; names TLS 1.3
// and SOC 2 Type II; privacy and data-protection mailboxes.
import { env } from '@/config/env';
import { LegalDocument, type LegalSection } from './components/legal-document';
import { MailLink } from './components/mail-link';
import { LEGAL_LAST_UPDATED } from './legal-dates';

const SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what the service needs to work:</p>
        <ul>
          <li>Account information: your email address and a hash of your password. We never store the password itself.</li>
          <li>Content metadata: the asset URLs you submit, the credentials you attach (creator, license, AI involvement, device details and, when you choose to add it, location), and the manifests we sign.</li>
          <li>Verification events: when content is verified, the time, the result and its reason, and an approximate location derived from the request.</li>
          <li>Support requests: the name, email, subject and message you send us.</li>
          <li>Technical data: device and network information the mobile app reads to provide its native features.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To sign and verify content on your behalf and to show you the results.</li>
        <li>To give you analytics about your own content and its verifications.</li>
        <li>To secure your account, prevent abuse and keep the service running.</li>
        <li>To answer your support requests.</li>
        <li>We do not sell your personal information and we do not use your content to train AI models.</li>
      </ul>
    ),
  },
  {
    id: 'data-storage-and-security',
    title: 'Data Storage and Security',
    body: (
      <>
        <p>
          All data travels over connections encrypted with TLS 1.3. Passwords and API keys are stored only as hashes; signing keys never leave our
          servers. Access to production systems is limited, logged and reviewed.
        </p>
        <p>Our controls are audited against SOC 2 Type II. Signed manifests are kept for as long as your account exists, so that your content stays verifiable.</p>
      </>
    ),
  },
  {
    id: 'information-sharing',
    title: 'Information Sharing',
    body: (
      <>
        <p>The credentials you sign into a file are public by design: anyone who has the file can read them. Choose what you include accordingly.</p>
        <p>
          Beyond that, we share personal information only with service providers who process it on our behalf under contract, or when the law requires
          it. We tell you about such requests where we are allowed to.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <ul>
        <li>Access and correct the personal information we hold about you; your email can be changed in Account Settings.</li>
        <li>Delete your account and its data at any time from Account Settings.</li>
        <li>Object to or restrict processing, and receive your data in a portable format.</li>
        <li>Complain to your data protection authority.</li>
      </ul>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International Data Transfers',
    body: (
      <p>
        Where your information is processed outside the country in which you live, we protect it with recognised safeguards such as standard
        contractual clauses, and to the same standard described in this policy.
      </p>
    ),
  },
  {
    id: 'contact-us',
    title: 'Contact Us',
    body: (
      <>
        <p>
          Questions about this policy or your information: <MailLink address={env.VITE_PRIVACY_EMAIL} />.
        </p>
        <p>
          Our data protection officer: <MailLink address={env.VITE_DPO_EMAIL} />.
        </p>
      </>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={LEGAL_LAST_UPDATED}
      intro={<p>This policy explains what information Provenance Gateway collects when you use the web app, the mobile app and the API, why, and what you can do about it.</p>}
      sections={SECTIONS}
    />
  );
}
