// Security tab: 'Change Password'. The current password is required and checked by the server
//; the new one needs 6 characters. Both fields are cleared on success. The
// server signs out every other session and revokes the API keys (a script needs a regenerated one).
import { useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { BusyButton } from '@/components/ui/busy-button';
import { PasswordField } from '@/components/ui/form-field';
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_HINT } from '@/lib/auth/password-rules';
import { changePassword } from '@/lib/api/account';
import { describeError } from '@/lib/describe-error';
import { CurrentPasswordField } from './current-password-field';
import { SettingsCard } from './settings-card';

export function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    try {
      await changePassword({ currentPassword, newPassword });
      setCurrentPassword('');
      setNewPassword('');
      toast.success('Password updated', { description: 'Your password has been changed successfully' });
    } catch (error) {
      toast.error('Update failed', { description: describeError(error, 'Unable to change your password') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard
      title="Change Password"
      description="Enter your current password, then a new one of at least 6 characters. Your other signed-in devices are signed out and your API keys revoked."
      icon={<KeyRound />}
    >
      <form className="space-y-5" onSubmit={(event) => void handleSubmit(event)}>
        <fieldset disabled={busy} className="grid gap-5 sm:max-w-md">
          <CurrentPasswordField id="settings-current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
          <PasswordField
            id="settings-new-password"
            label="New Password"
            name="new-password"
            autoComplete="new-password"
            minLength={MIN_PASSWORD_LENGTH}
            hint={NEW_PASSWORD_HINT}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </fieldset>
        <BusyButton type="submit" busy={busy} busyLabel="Updating...">
          Change Password
        </BusyButton>
      </form>
    </SettingsCard>
  );
}
