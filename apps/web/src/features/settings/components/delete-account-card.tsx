// Account tab: Delete Account, behind the confirmation dialog of, which also asks
// for the current password (the server checks it; a wrong one is said at the field and deletes
// nothing). The server deletes only the signed-in account and all its data; then the toast, sign-out
// and the landing page.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { sessionStore } from '@/lib/auth/session';
import { deleteAccount } from '@/lib/api/account';
import { ConfirmDialogFooter } from '@/components/ui/confirm-dialog';
import { CurrentPasswordField } from './current-password-field';
import { SettingsCard } from './settings-card';
import { passwordFieldError } from './wrong-password';

export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const signOutWhenGone = useRef(false);

  // The sign-out happens once this screen has been replaced by the landing page. Signing out
  // while the settings route is still the one on screen would make the route guard send the
  // person to /login instead (the route change renders as a transition the sign-out overtakes).
  useEffect(
    () => () => {
      if (signOutWhenGone.current) sessionStore.clear();
    },
    [],
  );

  function changeOpen(next: boolean): void {
    if (busy) return;
    setOpen(next);
    // The password typed for this deletion is not kept once the dialog closes.
    setCurrentPassword('');
    setPasswordError(null);
  }

  async function confirm(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setPasswordError(null);
    try {
      await deleteAccount(currentPassword);
    } catch (error) {
      const atField = passwordFieldError(error);
      if (atField) setPasswordError(atField);
      else toast.error('Deletion Failed', { description: 'Please contact support to delete your account' });
      setBusy(false);
      return;
    }
    toast.success('Account Deleted', { description: 'Your account has been permanently deleted' });
    signOutWhenGone.current = true;
    await navigate('/', { replace: true });
  }

  return (
    <SettingsCard
      title="Delete Account"
      description="Permanently delete your account, your signed assets, API keys and all other data."
      icon={<Trash2 />}
      tone="danger"
    >
      <AlertDialog open={open} onOpenChange={changeOpen}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">
            <Trash2 aria-hidden="true" />
            Delete Account
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Are you absolutely sure?</AlertDialogTitle>
            <AlertDialogDescription>This action cannot be undone. This will permanently delete your account and all of your data.</AlertDialogDescription>
          </AlertDialogHeader>
          <form className="space-y-5" onSubmit={(event) => void confirm(event)}>
            <fieldset disabled={busy}>
              <CurrentPasswordField id="delete-account-password" error={passwordError} value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} />
            </fieldset>
            <ConfirmDialogFooter busy={busy} label="Delete Account" busyLabel="Deleting Account..." variant="destructive" />
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </SettingsCard>
  );
}
