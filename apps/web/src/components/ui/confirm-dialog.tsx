// Confirming an action before it is done (regenerate a key, remove an identity, delete an endpoint
// or the account). ConfirmDialogFooter: Cancel, which closes the dialog (and has the focus when it
// opens), and the confirming action with its busy state; both are disabled while the action runs.
// Without `onConfirm` the action submits the dialog's form. ConfirmDialog: the whole dialog for an
// action that asks nothing more than yes or no, opened by its trigger and unclosable while it runs.
import { useState, type ReactNode } from 'react';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle, AlertDialogTrigger } from './alert-dialog';
import { Button } from './button';
import { BusyButton } from './busy-button';

export interface ConfirmAction {
  label: string;
  busyLabel: string;
  /** Shown before the label when not busy. */
  icon?: ReactNode;
  variant?: 'default' | 'destructive';
}

export interface ConfirmDialogFooterProps extends ConfirmAction {
  busy: boolean;
  onConfirm?: () => void;
}

export function ConfirmDialogFooter({ busy, label, busyLabel, icon = null, variant = 'default', onConfirm }: ConfirmDialogFooterProps) {
  return (
    <AlertDialogFooter>
      <AlertDialogCancel asChild>
        <Button type="button" variant="outline" disabled={busy}>
          Cancel
        </Button>
      </AlertDialogCancel>
      <BusyButton type={onConfirm ? 'button' : 'submit'} variant={variant} busy={busy} busyLabel={busyLabel} icon={icon} onClick={onConfirm}>
        {label}
      </BusyButton>
    </AlertDialogFooter>
  );
}

export interface ConfirmDialogProps extends ConfirmAction {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Does the action, saying how it went; calls `close` once the dialog has nothing more to say. */
  onConfirm: (close: () => void) => Promise<void>;
}

export function ConfirmDialog({ trigger, title, description, onConfirm, ...action }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function run(): Promise<void> {
    setBusy(true);
    try {
      await onConfirm(() => setOpen(false));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <ConfirmDialogFooter busy={busy} onConfirm={() => void run()} {...action} />
      </AlertDialogContent>
    </AlertDialog>
  );
}
