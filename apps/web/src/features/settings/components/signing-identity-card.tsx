// Account tab: who signs the account's Content Credentials. Shows the active signing identity, lets
// the account bring its own certificate chain and private key (PEM; the gateway checks them and
// says what is wrong, or why a test signing with them failed), and lists every identity with its
// warnings (a root not on the C2PA trust list) and ways to make another one active or remove one.
// The key is sent once and never shown again.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import type { TSigningIdentity } from '@provenance/contracts';
import { Button } from '@/components/ui/button';
import { BusyButton } from '@/components/ui/busy-button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { RemoveIdentityButton } from './remove-identity-button';
import { RevokeIdentityButton } from './revoke-identity-button';
import { activateSigningIdentity, addSigningIdentity, signingIdentitiesQuery, signingIdentityKeys } from '@/lib/api/signing-identities';
import { describeError } from '@/lib/describe-error';
import { SettingsCard } from './settings-card';

const KIND_LABEL: Record<TSigningIdentity['kind'], string> = {
  managed: 'Managed by the gateway',
  certificate: 'Your certificate',
  remote: 'Remote signer',
};

/** The CN of a distinguished name, or the whole name. */
function commonName(dn: string): string {
  return /(?:^|,\s*)CN=([^,]+)/.exec(dn)?.[1] ?? dn;
}

function IdentityLine({ identity }: { identity: TSigningIdentity }) {
  return (
    <>
      <span className="font-medium">{commonName(identity.subject)}</span>
      <span className="text-muted-foreground">
        {' '}
        · {KIND_LABEL[identity.kind]} · issued by {commonName(identity.issuer)} · valid until {new Date(identity.notAfter).toLocaleDateString()}
      </span>
    </>
  );
}

/** What the gateway says the account should know before signing with the identity (such as a root on no C2PA trust list). */
function IdentityWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1">
      {warnings.map((warning) => (
        <li key={warning} data-testid="signing-identity-warning" className="flex items-start gap-1.5 rounded-md border border-warning/40 bg-warning-soft px-2 py-1.5 text-xs text-foreground">
          <TriangleAlert className="mt-0.5 size-3.5 shrink-0 text-warning" aria-hidden="true" />
          <span>
            <span className="sr-only">Warning: </span>
            {warning}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function SigningIdentityCard({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const identities = useQuery(signingIdentitiesQuery(userId));
  const [certificateChain, setCertificateChain] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [uploadError, setUploadError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: signingIdentityKeys.list(userId) });
  const upload = useMutation({
    mutationFn: addSigningIdentity,
    onSuccess: async (identity) => {
      setCertificateChain('');
      setPrivateKey('');
      setUploadError(null);
      // A warning (such as a root on no C2PA trust list) is said at once, and stays beside the identity below.
      if (identity.warnings.length > 0) toast.warning('Certificate added', { description: `Your next signatures use it. ${identity.warnings.join(' ')}` });
      else toast.success('Certificate added', { description: 'Your next signatures use it.' });
      await refresh();
    },
    onError: (error) => setUploadError(describeError(error, 'The certificate could not be added')),
  });
  const activate = useMutation({
    mutationFn: activateSigningIdentity,
    onSuccess: async () => {
      toast.success('Signing identity changed', { description: 'Your next signatures use it.' });
      await refresh();
    },
    onError: (error) => toast.error('Change failed', { description: describeError(error, 'Unable to change the signing identity') }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    upload.mutate({ kind: 'certificate', certificateChain, privateKey });
  }

  const active = identities.data?.find((identity) => identity.active);
  return (
    <SettingsCard title="Signing identity" description="Who your Content Credentials name as the signer." icon={<BadgeCheck />}>
      <div className="space-y-6">
        <section aria-labelledby="signing-identity-current" className="space-y-1 text-sm">
          <h3 id="signing-identity-current" className="font-medium">
            Current identity
          </h3>
          {identities.isPending ? (
            <p role="status" className="text-muted-foreground">
              Loading your signing identities…
            </p>
          ) : identities.isError ? (
            <p role="alert" className="text-destructive">
              {describeError(identities.error, 'Unable to load your signing identities')}
            </p>
          ) : active ? (
            <div>
              <p>
                <IdentityLine identity={active} />
              </p>
              <IdentityWarnings warnings={active.warnings} />
            </div>
          ) : (
            <p className="text-muted-foreground">The gateway issues your certificate when you first sign.</p>
          )}
        </section>

        <form className="space-y-4" onSubmit={handleSubmit} aria-labelledby="signing-identity-upload">
          <h3 id="signing-identity-upload" className="text-sm font-medium">
            Use your own certificate
          </h3>
          <fieldset disabled={upload.isPending} className="space-y-4">
            <FormField id="signing-identity-chain" label="Certificate chain (PEM, signing certificate first)">
              {(control) => <Textarea {...control} required rows={4} spellCheck={false} className="font-mono text-xs" value={certificateChain} onChange={(event) => setCertificateChain(event.target.value)} />}
            </FormField>
            <FormField id="signing-identity-key" label="Private key (PEM)" hint="Stored encrypted and never shown again. ES256, ES384, ES512, PS256 or Ed25519." error={uploadError}>
              {(control) => (
                <Textarea {...control} required rows={4} spellCheck={false} autoComplete="off" className="font-mono text-xs" value={privateKey} onChange={(event) => setPrivateKey(event.target.value)} />
              )}
            </FormField>
          </fieldset>
          <BusyButton type="submit" busy={upload.isPending} busyLabel="Adding..." disabled={!certificateChain.trim() || !privateKey.trim()}>
            Add Certificate
          </BusyButton>
        </form>

        {identities.data && identities.data.length > 0 ? (
          <section aria-labelledby="signing-identity-list" className="space-y-2">
            <h3 id="signing-identity-list" className="text-sm font-medium">
              All identities
            </h3>
            <ul className="divide-y rounded-md border text-sm">
              {identities.data.map((identity) => (
                <li key={identity.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div>
                    <IdentityLine identity={identity} />
                    <IdentityWarnings warnings={identity.warnings} />
                  </div>
                  <span className="flex flex-wrap items-center gap-2">
                    {identity.kind === 'managed' && identity.active ? <RevokeIdentityButton id={identity.id} name={commonName(identity.subject)} onRevoked={refresh} /> : null}
                    <RemoveIdentityButton identity={identity} name={`${commonName(identity.subject)} (${KIND_LABEL[identity.kind]})`} onRemoved={refresh} />
                    {identity.active ? (
                      <span className="text-sm font-medium">Active</span>
                    ) : (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={activate.isPending}
                        // The visible words first (WCAG 2.5.3, label in name), then which identity.
                        aria-label={`Use this identity: ${commonName(identity.subject)} (${KIND_LABEL[identity.kind]})`}
                        onClick={() => activate.mutate(identity.id)}
                      >
                        Use this identity
                      </Button>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </SettingsCard>
  );
}
