// Account tab: the organisation the account signs as. The managed signing certificate names it
// (the account's email until one is set); a new name is used from the next signing on.
import { useState, type FormEvent } from 'react';
import type { TOrganizationResponse } from '@provenance/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { organizationQuery, signingIdentityKeys, updateOrganization } from '@/lib/api/signing-identities';
import { describeError } from '@/lib/describe-error';
import { SettingsCard } from './settings-card';

export function OrganizationForm({ userId }: { userId: string }) {
  const organization = useQuery(organizationQuery(userId));
  // Keyed by the saved name so a change made elsewhere refills the field.
  return <OrganizationFields key={organization.data?.name ?? ''} userId={userId} current={organization.data} />;
}

function OrganizationFields({ userId, current }: { userId: string; current: TOrganizationResponse | undefined }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(current?.isSet ? current.name : '');
  const save = useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (saved) => {
      setName(saved.name);
      toast.success('Organization saved', { description: 'Your next signatures name it.' });
      await queryClient.invalidateQueries({ queryKey: signingIdentityKeys.organization(userId) });
    },
    onError: (error) => toast.error('Update failed', { description: describeError(error, 'Unable to save the organization') }),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    save.mutate(name.trim());
  }

  const unchanged = name.trim() === '' || (current?.isSet === true && name.trim() === current.name);
  return (
    <SettingsCard title="Organization" description="The name your Content Credentials show as the signer." icon={<Building2 />}>
      <form className="space-y-4" onSubmit={handleSubmit}>
        <fieldset disabled={save.isPending} className="space-y-2 sm:max-w-md">
          <Label htmlFor="settings-organization">Organization name</Label>
          <Input
            id="settings-organization"
            name="organization"
            autoComplete="organization"
            maxLength={200}
            placeholder={current && !current.isSet ? current.name : undefined}
            aria-describedby="settings-organization-hint"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <p id="settings-organization-hint" className="text-sm text-muted-foreground">
            Until you set one, your signatures name your email address.
          </p>
        </fieldset>
        <Button type="submit" disabled={save.isPending || unchanged}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {save.isPending ? 'Saving...' : 'Save Organization'}
        </Button>
      </form>
    </SettingsCard>
  );
}
