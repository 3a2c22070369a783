// A secret shown this one time (a regenerated API key, a webhook endpoint's signing secret): what it
// is, the secret in a read-only field that selects itself on focus, a copy button, a note that it
// will not be shown again, and Done. The gateway keeps only a hash or a sealed copy, so closing the
// dialog forgets the secret for good.
import type { ReactNode } from 'react';
import { AlertTriangle } from 'lucide-react';
import { CopyButton } from '@/components/copy-button';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from './alert-dialog';
import { Button } from './button';
import { FormField } from './form-field';
import { Input } from './input';

export interface ShownOnceSecret {
  /** The id of the secret's field. */
  id: string;
  title: ReactNode;
  description: ReactNode;
  /** The field's label. */
  label: string;
  secret: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  /** What losing it means, in a warning note under the field. */
  warning: ReactNode;
}

/** The dialog's content while it shows the secret; goes inside an AlertDialogContent. */
export function SecretShownOnce({ id, title, description, label, secret, copyLabel, warning }: ShownOnceSecret) {
  return (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      <FormField id={id} label={label}>
        {(control) => (
          <div className="flex gap-2">
            <Input {...control} value={secret} readOnly className="font-mono text-xs sm:text-xs" onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={secret} label={copyLabel} />
          </div>
        )}
      </FormField>
      <p role="note" className="flex gap-2 rounded-md border border-warning/30 bg-warning-soft p-3 text-sm text-warning">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {warning}
      </p>
      <AlertDialogFooter>
        <AlertDialogCancel asChild>
          <Button>Done</Button>
        </AlertDialogCancel>
      </AlertDialogFooter>
    </>
  );
}

/** A dialog open while there is a secret to show; closing it (Done, Escape) calls `onClose`. */
export function SecretDialog({ shown, onClose }: { shown: ShownOnceSecret | null; onClose: () => void }) {
  return (
    <AlertDialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>{shown ? <SecretShownOnce {...shown} /> : null}</AlertDialogContent>
    </AlertDialog>
  );
}
