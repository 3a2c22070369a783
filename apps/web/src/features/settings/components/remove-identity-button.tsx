// Remove a signing identity: a destructive action, confirmed in an alert dialog that says what
// follows (the gateway forgets it and its key; the active one gives way to the managed identity;
// files it signed keep their Content Credentials and verify as before).
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { TSigningIdentity } from '@provenance/contracts';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { describeError } from '@/lib/describe-error';
import { removeSigningIdentity } from '@/lib/api/signing-identities';

/** What the gateway deletes with the identity, in the dialog's words. */
const FORGOTTEN: Record<TSigningIdentity['kind'], string> = {
  managed: 'The gateway deletes this certificate and its key.',
  certificate: 'The gateway deletes this certificate and its key; to sign with it again, add it again.',
  remote: "The gateway deletes this remote signer and its service's address and secret; to sign with it again, add it again.",
};

export function RemoveIdentityButton({ identity, name, onRemoved }: { identity: TSigningIdentity; name: string; onRemoved: () => Promise<void> }) {
  async function remove(close: () => void): Promise<void> {
    try {
      await removeSigningIdentity(identity.id);
      toast.success('Signing identity removed', { description: identity.active ? 'Your next signatures use your managed identity.' : 'Files it signed are unaffected.' });
      close();
      await onRemoved();
    } catch (error) {
      toast.error('Removal failed', { description: describeError(error, 'The signing identity could not be removed') });
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Remove ${name}`}>
          Remove
        </Button>
      }
      title="Remove this signing identity?"
      description={
        <>
          {FORGOTTEN[identity.kind]} {identity.active ? 'You sign as it now: your next signatures use your managed identity (a certificate the gateway issues you) instead. ' : ''}
          Files it signed keep their Content Credentials and verify as before.
        </>
      }
      label="Remove"
      busyLabel="Removing..."
      icon={<Trash2 aria-hidden="true" />}
      variant="destructive"
      onConfirm={remove}
    />
  );
}
