// Who signed: the signing certificate's organisation and common name, its issuer, whether it is on
// a trust list, its validity and algorithm; the serial number for auditors.
import { BadgeCheck, KeyRound, ShieldOff } from 'lucide-react';
import type { TSignerSummary } from '@provenance/contracts';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { algorithmLabel, trustText } from '../lib/report-text';
import { Fact, NotStated, ReportSection } from './report-section';

function DateValue({ value }: { value: string | null }) {
  return value ? <time dateTime={value}>{formatDateTime(value)}</time> : <NotStated />;
}

export function SignerDetails({ signer }: { signer: TSignerSummary }) {
  const TrustIcon = signer.trusted ? BadgeCheck : ShieldOff;
  return (
    <ReportSection id="signer-title" title="Signer" icon={<KeyRound />} description="The certificate that signed the manifest.">
      <p
        data-testid="signer-trust"
        data-trusted={signer.trusted}
        className={cn(
          'mb-4 flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium',
          signer.trusted ? 'border-success/40 bg-success-soft text-success' : 'border-warning/40 bg-warning-soft text-foreground',
        )}
      >
        <TrustIcon className={cn('size-4 shrink-0', signer.trusted ? 'text-success' : 'text-warning')} aria-hidden="true" />
        {trustText(signer)}
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2">
        <Fact term="Organisation">{signer.organization ?? <NotStated />}</Fact>
        <Fact term="Common name">{signer.commonName ?? <NotStated />}</Fact>
        <Fact term="Issued by">{signer.issuer ?? <NotStated />}</Fact>
        <Fact term="Algorithm">{algorithmLabel(signer.algorithm) ?? <NotStated />}</Fact>
        <Fact term="Valid from"><DateValue value={signer.notBefore} /></Fact>
        <Fact term="Valid until"><DateValue value={signer.notAfter} /></Fact>
        <div className="sm:col-span-2">
          <Fact term="Serial number" mono>{signer.serialNumber ?? <NotStated />}</Fact>
        </div>
      </dl>
    </ReportSection>
  );
}
