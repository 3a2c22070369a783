// "About this content": who signed, when, with what tool, and what the signer states (creator,
// license, location, device). Values absent from the manifest say 'Not stated'.
import { Info } from 'lucide-react';
import type { TVerifyResponse } from '@provenance/contracts';
import { formatDateTime } from '@/lib/format';
import { deviceText, locationText, redactionText, signerDisplayName, toolName } from '../lib/report-text';
import { Fact, NotStated, ReportSection } from './report-section';

export function CredentialSummary({ result }: { result: TVerifyResponse }) {
  const manifest = result.report.activeManifest;
  const signedAt = result.report.signedAt;
  const signer = signerDisplayName(result);
  const tool = toolName(result);
  const location = locationText(manifest?.location ?? null);
  const device = deviceText(manifest?.device ?? null);
  const redacted = redactionText(manifest?.redactions ?? []);
  return (
    <ReportSection id="about-title" title="About this content" icon={<Info />} description="What the manifest says, as its signer stated it.">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact term="Signed by" testId="fact-signer">{signer ?? <NotStated />}</Fact>
        <Fact term="Signed on" testId="fact-signed-at">{signedAt ? <time dateTime={signedAt}>{formatDateTime(signedAt)}</time> : <NotStated />}</Fact>
        <Fact term="Made with" testId="fact-tool">{tool ?? <NotStated />}</Fact>
        <Fact term="Creator" testId="fact-creator">{manifest?.creator ?? <NotStated />}</Fact>
        <Fact term="License" testId="fact-license">{manifest?.license ?? <NotStated />}</Fact>
        <Fact term="Title" testId="fact-title">{manifest?.title ?? <NotStated />}</Fact>
        {location ? <Fact term="Location" testId="fact-location">{location}</Fact> : null}
        {device ? <Fact term="Device" testId="fact-device">{device}</Fact> : null}
        {redacted ? <Fact term="Redacted" testId="fact-redacted">{redacted}</Fact> : null}
      </dl>
    </ReportSection>
  );
}
