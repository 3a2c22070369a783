// Security tab: 'Change Password'. The current password is required and checked by the server
//; the new one needs 6 characters. Both fields are cleared on success. The
// server signs out every other session and revokes the API keys (a script needs a regenerated one).
import { useState, type FormEvent } from 'react';
import { KeyRound, Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password-rules';
import { changePassword } from '@/lib/api/account';
import { describeError } from '@/lib/describe-error';
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
          <div className="space-y-2">
            <Label htmlFor="settings-current-password">Current Password</Label>
            <Input
              id="settings-current-password"
              name="current-password"
              type="password"
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(e) => setCurrentPassword(e.target.value)}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="settings-new-password">New Password</Label>
            <Input
              id="settings-new-password"
              name="new-password"
              type="password"
              autoComplete="new-password"
              required
              minLength={MIN_PASSWORD_LENGTH}
              aria-describedby="settings-new-password-hint"
              value={newPassword}
              onChange={(e) => setNewPassword(e.target.value)}
            />
            <p id="settings-new-password-hint" className="text-xs text-muted-foreground">
              At least {MIN_PASSWORD_LENGTH} characters.
            </p>
          </div>
        </fieldset>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {busy ? 'Updating...' : 'Change Password'}
        </Button>
      </form>
    </SettingsCard>
  );
}
