// The signing secret of a newly added webhook endpoint, shown this one time with a copy button: the
// gateway keeps it sealed and never shows it again, so closing the dialog forgets it for good.
import { AlertTriangle } from 'lucide-react';
import type { TCreatedWebhook } from '@provenance/contracts';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function WebhookSecretDialog({ created, onClose }: { created: TCreatedWebhook | null; onClose: () => void }) {
  return (
    <AlertDialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        {created ? (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Endpoint added: copy its signing secret</AlertDialogTitle>
              <AlertDialogDescription>
                Every delivery to <span className="break-all font-mono">{created.url}</span> carries a <code className="font-mono">webhook-signature</code> made with this secret.
                Check it on your server (any Standard Webhooks library does) before trusting an event.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="space-y-2">
              <Label htmlFor="webhook-secret">Signing secret</Label>
              <div className="flex gap-2">
                <Input id="webhook-secret" value={created.secret} readOnly className="font-mono text-xs sm:text-xs" onFocus={(event) => event.currentTarget.select()} />
                <CopyButton text={created.secret} label="Copy signing secret" />
              </div>
            </div>
            <p role="note" className="flex gap-2 rounded-md border border-warning/30 bg-warning-soft p-3 text-sm text-warning">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              This secret will not be shown again. If you lose it, delete the endpoint and add it anew.
            </p>
            <AlertDialogFooter>
              <AlertDialogCancel asChild>
                <Button>Done</Button>
              </AlertDialogCancel>
            </AlertDialogFooter>
          </>
        ) : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
