// Account tab: the organisation the account signs as. The managed signing certificate names it
// (never the account's email: until a name is set, the first signing asks for it); a new name is
// used from the next signing on. The name
// reads as self-declared until an address at the organisation's domain confirms it: the account
// sets the domain, sends a confirmation mail to an address there, and the link in it verifies the
// name (organization-confirmation.tsx). A new name or domain drops the verification.
import { useState, type FormEvent } from 'react';
import type { TOrganizationResponse } from '@provenance/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Building2, Mail } from 'lucide-react';
import { toast } from 'sonner';
import { Pill } from '@/components/ui/pill';
import { BusyButton } from '@/components/ui/busy-button';
import { FormField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { organizationQuery, requestOrganizationConfirmation, signingIdentityKeys, updateOrganization } from '@/lib/api/signing-identities';
import { describeError } from '@/lib/describe-error';
import { formatDateTime } from '@/lib/format';
import { SettingsCard } from './settings-card';

export function OrganizationForm({ userId }: { userId: string }) {
  const organization = useQuery(organizationQuery(userId));
  // Keyed by the saved name and domain so a change made elsewhere refills the fields.
  return <OrganizationFields key={`${organization.data?.name ?? ''}|${organization.data?.domain ?? ''}`} userId={userId} current={organization.data} />;
}

function OrganizationFields({ userId, current }: { userId: string; current: TOrganizationResponse | undefined }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(current?.name ?? '');
  const [domain, setDomain] = useState(current?.domain ?? '');
  const save = useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (saved) => {
      setName(saved.name ?? '');
      setDomain(saved.domain ?? '');
      toast.success('Organization saved', { description: 'Your next signatures name it.' });
      await queryClient.invalidateQueries({ queryKey: signingIdentityKeys.organization(userId) });
    },
    onError: (error) => toast.error('Update failed', { description: describeError(error, 'Unable to save the organization') }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    save.mutate({ name: name.trim(), domain: domain.trim() === '' ? null : domain.trim() });
  }

  const unchanged = name.trim() === '' || (current?.name != null && name.trim() === current.name && domain.trim().toLowerCase() === (current.domain ?? ''));
  return (
    <SettingsCard title="Organization" description="The name your Content Credentials show as the signer." icon={<Building2 />}>
      <form className="space-y-4" onSubmit={handleSubmit}>
        <fieldset disabled={save.isPending} className="space-y-4 sm:max-w-md">
          <TextField
            id="settings-organization"
            label="Organization name"
            hint="Published in every signature you make. Until you set one, your first signing asks for it."
            name="organization"
            autoComplete="organization"
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            id="settings-organization-domain"
            label="Organization domain (optional)"
            hint="Confirm an address at this domain to verify the name. Changing the name or domain drops the verification."
            name="organization-domain"
            autoComplete="url"
            maxLength={253}
            placeholder="example.com"
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
          />
        </fieldset>
        <BusyButton type="submit" busy={save.isPending} busyLabel="Saving..." disabled={unchanged}>
          Save Organization
        </BusyButton>
      </form>
      {current?.isSet ? <VerificationState current={current} /> : null}
    </SettingsCard>
  );
}

/** Whether the name is verified, and while it is not, a way to confirm an address at the domain. */
function VerificationState({ current }: { current: TOrganizationResponse }) {
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: requestOrganizationConfirmation,
    onSuccess: (sent) => toast.success('Confirmation sent', { description: `Open the link mailed to ${sent.sentTo} before ${formatDateTime(sent.expiresAt)}.` }),
    onError: (error) => toast.error('Confirmation not sent', { description: describeError(error, 'Unable to send the confirmation') }),
  });

  function handleSend(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    send.mutate(email.trim());
  }

  if (current.verified) {
    return (
      <p data-testid="organization-verification" className="mt-6 flex flex-wrap items-center gap-2 border-t pt-4 text-sm">
        <Pill tone="success">
          <BadgeCheck aria-hidden="true" />
          Verified
        </Pill>
        <span className="text-muted-foreground">
          {current.verifiedEmail ? `Confirmed by ${current.verifiedEmail}` : 'Confirmed'}
          {current.verifiedAt ? ` on ${formatDateTime(current.verifiedAt)}` : ''}. Reports and badges of what you sign from now on say “{current.name} (verified at {current.domain})”.
        </span>
      </p>
    );
  }
  return (
    <div data-testid="organization-verification" className="mt-6 space-y-3 border-t pt-4">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <Pill tone="warning">Self-declared, not verified</Pill>
        <span className="text-muted-foreground">Reports and badges say “{current.name} (self-declared, not verified)”.</span>
      </p>
      {current.domain ? (
        <form className="sm:max-w-md" onSubmit={handleSend}>
          <FormField id="settings-organization-confirm-email" label={`An address at ${current.domain}`}>
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  name="organization-confirm-email"
                  type="email"
                  autoComplete="off"
                  placeholder={`someone@${current.domain}`}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  disabled={send.isPending}
                />
                <BusyButton type="submit" variant="outline" busy={send.isPending} busyLabel="Send Confirmation" icon={<Mail aria-hidden="true" />} disabled={email.trim() === ''}>
                  Send Confirmation
                </BusyButton>
              </div>
            )}
          </FormField>
        </form>
      ) : (
        <p className="text-sm text-muted-foreground">Save your organization’s domain to verify the name.</p>
      )}
    </div>
  );
}
