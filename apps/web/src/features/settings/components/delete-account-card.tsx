// Account tab: Delete Account, behind the confirmation dialog of SPEC.md section 2. The server
// deletes only the signed-in account and all its data; then the toast, sign-out and the landing page.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Loader2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { sessionStore } from '@/lib/auth/session';
import { deleteAccount } from '../api/account-api';
import { SettingsCard } from './settings-card';

export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
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

  async function confirm(): Promise<void> {
    setBusy(true);
    try {
      await deleteAccount();
    } catch {
      toast.error('Deletion Failed', { description: 'Please contact support to delete your account' });
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
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="destructive">
            <Trash2 aria-hidden="true" />
            Delete Account
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Are you absolutely sure?</DialogTitle>
            <DialogDescription>This action cannot be undone. This will permanently delete your account and all of your data.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={busy} onClick={() => void confirm()}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {busy ? 'Deleting Account...' : 'Delete Account'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
