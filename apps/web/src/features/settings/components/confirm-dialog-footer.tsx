// The footer of the settings screen's confirm dialogs (regenerate an API key, delete the account):
// Cancel, which closes the dialog (and has the focus when it opens), and the confirming action with its busy state. Both are disabled
// while the action runs. Without `onConfirm` the action submits the dialog's form.
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { BusyButton } from '@/components/ui/busy-button';
import { AlertDialogCancel, AlertDialogFooter } from '@/components/ui/alert-dialog';

export interface ConfirmDialogFooterProps {
  busy: boolean;
  label: string;
  busyLabel: string;
  /** Shown before the label when not busy. */
  icon?: ReactNode;
  variant?: 'default' | 'destructive';
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
