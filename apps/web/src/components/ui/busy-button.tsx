// A button whose action takes a while (a form's submit, a dialog's confirm, a download): while
// `busy` it is disabled and shows a spinner and its busy words ('Saving...') in place of its icon
// and label. Every busy button of the app is this one, so they all look and read alike.
import type { ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { Button, type ButtonProps } from './button';

export interface BusyButtonProps extends ButtonProps {
  busy: boolean;
  /** Said instead of the label while busy. */
  busyLabel: ReactNode;
  /** Shown before the label when not busy. */
  icon?: ReactNode;
}

export function BusyButton({ busy, busyLabel, icon = null, disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button disabled={busy || disabled} {...props}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : icon}
      {busy ? busyLabel : children}
    </Button>
  );
}
