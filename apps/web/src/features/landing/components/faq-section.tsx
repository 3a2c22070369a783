// Frequently asked questions: eight items in an accessible accordion.
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Section, SectionHeading } from './section-heading';

const FAQ = [
  {
    q: 'What are Content Credentials?',
    a: 'Content Credentials are the open C2PA standard for recording where a piece of media came from: who made it, with what tool, what changed since, and whether AI was involved. The record is sealed with a cryptographic signature inside the file.',
  },
  {
    q: 'Which file formats are supported?',
    a: 'JPEG, PNG and MP4 are supported for signing and verification, the formats newsrooms and platforms publish most.',
  },
  {
    q: 'How much does signing add to a file?',
    a: 'Very little: under 1% of the file size for images, and under 0.1% for video. The manifest holds the claims, the signature and the certificate chain, nothing more.',
  },
  {
    q: 'Do my readers need your software to verify my content?',
    a: 'No. The credentials follow the C2PA specification, so any conforming validator, such as the open-source c2pa-rs tools or Adobe’s Content Authenticity site, can check them. Our verifier and badge are one convenient way.',
  },
  {
    q: 'What do verified, partial and unsigned mean?',
    a: 'Verified means the manifest is intact and the signer chains to a trusted certificate authority. Partial means the manifest is intact but the signer is not on a trust list. Unsigned means no credentials were found. A tampered file fails verification and the reason is shown.',
  },
  {
    q: 'How is AI-generated or AI-assisted content identified?',
    a: 'When a recorded action says generative AI produced or composed the content, the verification result flags it as AI-assisted. When you sign, you state it with the AI-assisted flag.',
  },
  {
    q: 'Where are our signing keys kept?',
    a: 'On the server only. Private keys never leave it, are never logged and are never returned by the API. Each signature carries your certificate so anyone can check who signed.',
  },
  {
    q: 'Can we sign and verify from our own systems?',
    a: 'Yes. The REST API signs, verifies and tracks with an API key as bearer token. The API documentation shows each endpoint with working examples.',
  },
];

export function FaqSection() {
  return (
    <Section labelledBy="faq-title" id="faq">
      <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" align="left">
          What teams ask before they sign their first file.
        </SectionHeading>
        <Accordion type="single" collapsible className="rounded-xl border bg-card px-6">
          {FAQ.map((item, index) => (
            <AccordionItem key={item.q} value={`faq-${index}`}>
              <AccordionTrigger>{item.q}</AccordionTrigger>
              <AccordionContent>{item.a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </div>
    </Section>
  );
}
