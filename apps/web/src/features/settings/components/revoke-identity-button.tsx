// Revoke a managed signing certificate whose key may have leaked: a destructive action, confirmed in
// an alert dialog that says what follows (what it signed turns invalid; the next signing gets a new
// certificate; API keys and sessions stay as they are).
import { useState } from 'react';
import { ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { describeError } from '@/lib/describe-error';
import { revokeSigningIdentity } from '@/lib/api/signing-identities';
import { ConfirmDialogFooter } from './confirm-dialog-footer';

export function RevokeIdentityButton({ id, name, onRevoked }: { id: string; name: string; onRevoked: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function revoke(): Promise<void> {
    setBusy(true);
    try {
      await revokeSigningIdentity(id);
      toast.success('Certificate revoked', { description: 'What it signed now verifies as revoked; your next signing gets a new certificate.' });
      setOpen(false);
      await onRevoked();
    } catch (error) {
      toast.error('Revocation failed', { description: describeError(error, 'The certificate could not be revoked') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${name}`}>
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke this signing certificate?</AlertDialogTitle>
          <AlertDialogDescription>
            Do this if its key may have leaked. Everything it signed will verify as invalid (revoked signing credential), everywhere that checks revocation. Your next signing gets a new certificate; API keys and sessions are not affected.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ConfirmDialogFooter busy={busy} label="Revoke" busyLabel="Revoking..." icon={<ShieldOff aria-hidden="true" />} variant="destructive" onConfirm={() => void revoke()} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
