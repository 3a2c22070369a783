// Account tab: the read-only User ID and the editable Email Address with 'Update Email'
// ('Updating...' while busy). The current password is asked too, so a
// session left open somewhere cannot move the account to another address.
import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import type { TUser } from '@provenance/contracts';
import { CopyButton } from '@/components/copy-button';
import { BusyButton } from '@/components/ui/busy-button';
import { FormField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { sessionStore } from '@/lib/auth/session';
import { updateEmail } from '@/lib/api/account';
import { describeError } from '@/lib/describe-error';
import { CurrentPasswordField } from './current-password-field';
import { SettingsCard } from './settings-card';
import { passwordFieldError } from './wrong-password';

export function UpdateEmailForm({ user }: { user: TUser }) {
  const [email, setEmail] = useState(user.email);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unchanged = email.trim().toLowerCase() === user.email.toLowerCase();

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setPasswordError(null);
    try {
      const updated = await updateEmail({ email: email.trim(), currentPassword });
      // The navigation bar and every screen read the user from the session store.
      sessionStore.updateUser(updated);
      setEmail(updated.email);
      setCurrentPassword('');
      toast.success('Email updated', { description: 'Your email has been updated successfully' });
    } catch (error) {
      setPasswordError(passwordFieldError(error));
      toast.error('Update failed', { description: describeError(error, 'Unable to update your email') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard title="Profile" description="Your account's identifier and the address you sign in with." icon={<Mail />}>
      <form className="space-y-5" onSubmit={(event) => void handleSubmit(event)}>
        <FormField id="settings-user-id" label="User ID">
          {(control) => (
            <div className="flex gap-2">
              <Input {...control} value={user.id} readOnly className="bg-muted font-mono text-xs sm:text-xs" />
              <CopyButton text={user.id} label="Copy User ID" />
            </div>
          )}
        </FormField>
        <fieldset disabled={busy} className="space-y-5">
          <TextField id="settings-email" label="Email Address" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <CurrentPasswordField
            id="settings-email-current-password"
            className="space-y-2 sm:max-w-md"
            error={passwordError}
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        </fieldset>
        <BusyButton type="submit" busy={busy} busyLabel="Updating..." disabled={unchanged}>
          Update Email
        </BusyButton>
      </form>
    </SettingsCard>
  );
}
