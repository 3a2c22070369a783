// Who signed: the signing certificate's organisation (self-declared unless vouched for) and common name, its issuer, which trust list
// vouches for it (by tier) and what that means, an expired certificate said plainly, its validity and
// algorithm; the trusted time of an RFC 3161 timestamp and its authority; the serial number for auditors.
import { AlertTriangle, BadgeCheck, KeyRound, ShieldOff } from 'lucide-react';
import type { TSignatureTimestamp, TSignerSummary, TTrustVerdict } from '@provenance/contracts';
import { formatDateTime } from '@/lib/format';
import { organizationText } from '@/lib/verification';
import { cn } from '@/lib/utils';
import { algorithmLabel, expiredText, trustMeaning, trustText } from '../lib/report-text';
import { Fact, NotStated, ReportSection } from './report-section';

function DateValue({ value }: { value: string | null }) {
  return value ? <time dateTime={value}>{formatDateTime(value)}</time> : <NotStated />;
}

export function SignerDetails({
  signer,
  trust,
  organizationVerified,
  organizationDomain,
  timestamp = null,
}: {
  signer: TSignerSummary;
  trust: TTrustVerdict;
  /** credentials.organizationVerified: otherwise the organisation reads as self-declared. */
  organizationVerified: boolean;
  /** credentials.organizationDomain: where this gateway verified it, said with the name. */
  organizationDomain: string | null;
  timestamp?: TSignatureTimestamp | null;
}) {
  const trusted = trust.tier !== 'untrusted';
  const TrustIcon = trusted ? BadgeCheck : ShieldOff;
  const expired = expiredText(signer, timestamp);
  return (
    <ReportSection id="signer-title" title="Signer" icon={<KeyRound />} description="The certificate that signed the manifest.">
      <div
        data-testid="signer-trust"
        data-trusted={trusted}
        data-tier={trust.tier}
        className={cn('mb-4 rounded-lg border px-3 py-2 text-sm', trusted ? 'border-success/40 bg-success-soft' : 'border-warning/40 bg-warning-soft')}
      >
        <p className="flex items-center gap-2 font-medium">
          <TrustIcon className={cn('size-4 shrink-0', trusted ? 'text-success' : 'text-warning')} aria-hidden="true" />
          {trustText(trust)}
        </p>
        <p className="mt-1 text-muted-foreground">{trustMeaning(trust)}</p>
      </div>
      {expired ? (
        <p data-testid="signer-expired" className="mb-4 flex items-start gap-2 rounded-lg border border-warning/40 bg-warning-soft px-3 py-2 text-sm">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          {expired}
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact term="Organisation" testId="signer-organization">{signer.organization ? organizationText(signer.organization, organizationVerified, organizationDomain) : <NotStated />}</Fact>
        <Fact term="Common name">{signer.commonName ?? <NotStated />}</Fact>
        <Fact term="Issued by">{signer.issuer ?? <NotStated />}</Fact>
        <Fact term="Trust anchor">{trust.anchor?.subject ?? <NotStated />}</Fact>
        <Fact term="Algorithm">{algorithmLabel(signer.algorithm) ?? <NotStated />}</Fact>
        <Fact term="Valid from"><DateValue value={signer.notBefore} /></Fact>
        <Fact term="Valid until"><DateValue value={signer.notAfter} /></Fact>
        {timestamp ? (
          <Fact term="Trusted time" wide>
            <span data-testid="signer-timestamp">
              <time dateTime={timestamp.time}>{formatDateTime(timestamp.time)}</time>, from {timestamp.authority ?? 'an unnamed time-stamping authority'}
              {timestamp.trusted ? ' (on a time-stamping trust list: the certificate is judged at this time, so the signature stays valid after the certificate expires)' : ' (not on a time-stamping trust list)'}
            </span>
          </Fact>
        ) : null}
        <Fact term="Serial number" mono wide>{signer.serialNumber ?? <NotStated />}</Fact>
      </dl>
    </ReportSection>
  );
}
