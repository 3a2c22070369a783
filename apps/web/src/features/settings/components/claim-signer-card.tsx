// Account tab: who signs the claims of every Content Credential this gateway makes (the installation's
// claim signer: the operator's CLAIM_SIGNER, or the development product certificate of the gateway's
// own CA), and what other validators will make of it in the server's words. The organisation is
// named apart, by the account's signing identity.
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, FileBadge, TriangleAlert } from 'lucide-react';
import type { TClaimSigner } from '@provenance/contracts';
import { claimSignerQuery } from '@/lib/api/pki';
import { describeError } from '@/lib/describe-error';
import { SettingsCard } from './settings-card';

const SOURCE_LABEL: Record<TClaimSigner['source'], string> = {
  development: 'Development product certificate',
  file: 'Operator’s certificate',
  remote: 'Operator’s remote signer',
};

/** One attribute of a distinguished name ("CN=…, O=…"), or null. */
function attribute(dn: string, name: string): string | null {
  return new RegExp(`(?:^|,\\s*)${name}=([^,]+)`).exec(dn)?.[1] ?? null;
}

export function ClaimSignerCard() {
  const claimSigner = useQuery(claimSignerQuery());
  const signer = claimSigner.data;
  return (
    <SettingsCard title="Claim signer" description="The product certificate that signs the claim of every file this gateway signs, for every account." icon={<FileBadge />}>
      {claimSigner.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
      {claimSigner.isError && <p className="text-sm text-destructive">{describeError(claimSigner.error, 'The claim signer could not be loaded')}</p>}
      {signer && (
        <div className="space-y-2 text-sm" data-testid="claim-signer">
          <p>
            <span className="font-medium">{attribute(signer.subject, 'CN') ?? signer.subject}</span>
            {attribute(signer.subject, 'O') && <span> · {attribute(signer.subject, 'O')}</span>}
            <span className="text-muted-foreground">
              {' '}
              · {SOURCE_LABEL[signer.source]} · issued by {attribute(signer.issuer, 'CN') ?? signer.issuer} · valid until {new Date(signer.notAfter).toLocaleDateString()}
              {signer.renewsAt && ` · renewed from ${new Date(signer.renewsAt).toLocaleDateString()}`}
            </span>
          </p>
          <p
            data-testid="claim-signer-statement"
            className={signer.onC2paTrustList ? 'flex items-start gap-1.5 text-foreground' : 'flex items-start gap-1.5 rounded-md border border-warning/40 bg-warning-soft px-2 py-1.5 text-foreground'}
          >
            {signer.onC2paTrustList ? <BadgeCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" /> : <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />}
            <span>{signer.statement}</span>
          </p>
        </div>
      )}
    </SettingsCard>
  );
}
