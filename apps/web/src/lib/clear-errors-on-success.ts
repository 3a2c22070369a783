// Error toasts that stacked up (a send refused twice, say) are stale once the same person succeeds:
// every success toast dismisses the error toasts still showing, so the screen never says "failed"
// beside "sent". Installed once for the whole app, so every screen behaves the same.
import { toast } from 'sonner';

let installed = false;

/** Dismisses every error toast still on screen. */
export function dismissErrorToasts(): void {
  for (const shown of toast.getToasts()) {
    if ('type' in shown && shown.type === 'error') toast.dismiss(shown.id);
  }
}

/** Makes `toast.success` clear the error toasts first. Safe to call more than once. */
export function clearErrorsOnSuccess(): void {
  if (installed) return;
  installed = true;
  const success = toast.success;
  toast.success = (message, data) => {
    dismissErrorToasts();
    return success(message, data);
  };
}
