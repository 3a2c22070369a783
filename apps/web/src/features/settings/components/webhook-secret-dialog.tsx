// The signing secret of a newly added webhook endpoint, shown this one time with a copy button: the
// gateway keeps it sealed and never shows it again, so closing the dialog forgets it for good.
import type { TCreatedWebhook } from '@provenance/contracts';
import { SecretDialog } from '@/components/ui/secret-dialog';

export function WebhookSecretDialog({ created, onClose }: { created: TCreatedWebhook | null; onClose: () => void }) {
  return (
    <SecretDialog
      onClose={onClose}
      shown={
        created
          ? {
              id: 'webhook-secret',
              title: 'Endpoint added: copy its signing secret',
              description: (
                <>
                  Every delivery to <span className="break-all font-mono">{created.url}</span> carries a <code className="font-mono">webhook-signature</code> made with this
                  secret. Check it on your server (any Standard Webhooks library does) before trusting an event.
                </>
              ),
              label: 'Signing secret',
              secret: created.secret,
              copyLabel: 'Copy signing secret',
              warning: 'This secret will not be shown again. If you lose it, delete the endpoint and add it anew.',
            }
          : null
      }
    />
  );
}
