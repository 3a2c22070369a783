// Revoke a managed signing certificate whose key may have leaked: a destructive action, confirmed in
// an alert dialog that says what follows (what it signed turns invalid; the next signing gets a new
// certificate; API keys and sessions stay as they are).
import { ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { describeError } from '@/lib/describe-error';
import { revokeSigningIdentity } from '@/lib/api/signing-identities';

export function RevokeIdentityButton({ id, name, onRevoked }: { id: string; name: string; onRevoked: () => Promise<void> }) {
  async function revoke(close: () => void): Promise<void> {
    try {
      await revokeSigningIdentity(id);
      toast.success('Certificate revoked', { description: 'What it signed now verifies as revoked; your next signing gets a new certificate.' });
      close();
      await onRevoked();
    } catch (error) {
      toast.error('Revocation failed', { description: describeError(error, 'The certificate could not be revoked') });
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke ${name}`}>
          Revoke
        </Button>
      }
      title="Revoke this signing certificate?"
      description="Do this if its key may have leaked. Its OCSP responder and revocation list say revoked from now on, for every validator that checks them. Files already signed keep their claim, which this installation signs. Your next signing gets a new certificate; API keys and sessions are not affected."
      label="Revoke"
      busyLabel="Revoking..."
      icon={<ShieldOff aria-hidden="true" />}
      variant="destructive"
      onConfirm={revoke}
    />
  );
}
