// API Keys tab: one key, masked and read-only, with its Regenerate button. Regenerating asks first
// (the old key stops working at once), then shows the new key one time with a copy button.
import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import type { TApiKey, TApiKeyType } from '@provenance/contracts';
import { Button } from '@/components/ui/button';
import { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogHeader, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SecretShownOnce } from '@/components/ui/secret-dialog';
import { formatDateTime } from '@/lib/format';
import { describeError } from '@/lib/describe-error';
import { ConfirmDialogFooter } from '@/components/ui/confirm-dialog';

export const KEY_NAMES: Record<TApiKeyType, string> = { production: 'Production Key', test: 'Test Key' };

export function ApiKeyRow({ apiKey, onRegenerate }: { apiKey: TApiKey; onRegenerate: (type: TApiKeyType) => Promise<{ secret: string }> }) {
  const name = KEY_NAMES[apiKey.type];
  const inputId = `settings-api-key-${apiKey.type}`;
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  async function regenerate(): Promise<void> {
    setBusy(true);
    try {
      const key = await onRegenerate(apiKey.type);
      setSecret(key.secret);
      toast.success('API key regenerated', { description: `Your new ${name.toLowerCase()} is ready. The old one no longer works.` });
    } catch (error) {
      toast.error('Regeneration failed', { description: describeError(error, 'Unable to regenerate the key') });
    } finally {
      setBusy(false);
    }
  }

  function changeOpen(next: boolean): void {
    if (busy) return;
    setOpen(next);
    // The full key lives only in this dialog: closing it forgets the key for good.
    if (!next) setSecret(null);
  }

  return (
    <>
      <FormField
        id={inputId}
        label={name}
        hint={
          <>
            Created <time dateTime={apiKey.createdAt}>{formatDateTime(apiKey.createdAt)}</time>
          </>
        }
      >
        {(control) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input {...control} value={apiKey.masked} readOnly className="bg-muted font-mono" />
            <Button variant="outline" onClick={() => setOpen(true)} aria-label={`Regenerate ${name}`}>
              <RefreshCw aria-hidden="true" />
              Regenerate
            </Button>
          </div>
        )}
      </FormField>

      <AlertDialog open={open} onOpenChange={changeOpen}>
        <AlertDialogContent>
          {secret ? (
            <SecretShownOnce
              id={`${inputId}-secret`}
              title={`Your new ${name}`}
              description="Copy it now: it is shown only this once and cannot be displayed again."
              label={`New ${name}`}
              secret={secret}
              copyLabel={`Copy new ${name}`}
              warning="The previous key has stopped working. Update every integration that used it."
            />
          ) : (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>Regenerate the {name}?</AlertDialogTitle>
                <AlertDialogDescription>
                  A new key replaces <span className="font-mono">{apiKey.masked}</span>. The current key stops working at once, and every call that still uses it
                  will be refused.
                </AlertDialogDescription>
              </AlertDialogHeader>
              <ConfirmDialogFooter busy={busy} label="Regenerate" busyLabel="Regenerating..." icon={<RefreshCw aria-hidden="true" />} onConfirm={() => void regenerate()} />
            </>
          )}
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
