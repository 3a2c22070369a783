// Add a webhook endpoint: its URL (http or https) and the events it hears of, each with what it
// means. The gateway's refusal (an address it may not reach, a malformed URL) is said at the URL
// field. On success the form empties and the parent shows the endpoint's secret, once.
import { useEffect, useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { TCreateWebhookRequest, TCreatedWebhook, TWebhookEventType } from '@provenance/contracts';
import { BusyButton } from '@/components/ui/busy-button';
import { ChoiceField } from '@/components/ui/choice-field';
import { FieldError } from '@/components/ui/field-error';
import { TextField } from '@/components/ui/form-field';
import { describeError } from '@/lib/describe-error';
import { WEBHOOK_EVENTS } from '../lib/webhook-words';

type Errors = Partial<Record<'url' | 'events', string>>;

function checkUrl(url: string): string | undefined {
  if (url === '') return 'Give the address the events are sent to.';
  if (!/^https?:\/\/[^\s/]+/i.test(url)) return 'The address must start with http:// or https://.';
  return undefined;
}

export function AddWebhookForm({ onCreate }: { onCreate: (request: TCreateWebhookRequest) => Promise<TCreatedWebhook> }) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<TWebhookEventType[]>(WEBHOOK_EVENTS.map((event) => event.type));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);

  // The refused URL gets the focus once the form is enabled again (a disabled field cannot take it).
  useEffect(() => {
    if (busy || !refused) return;
    document.getElementById('webhook-url')?.focus();
    setRefused(false);
  }, [busy, refused]);

  function toggle(type: TWebhookEventType, on: boolean): void {
    setEvents((current) => (on ? [...current.filter((t) => t !== type), type] : current.filter((t) => t !== type)));
    setErrors((current) => ({ ...current, events: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const trimmed = url.trim();
    const found: Errors = { url: checkUrl(trimmed), events: events.length === 0 ? 'Choose at least one event.' : undefined };
    setErrors(found);
    if (found.url || found.events) {
      document.getElementById(found.url ? 'webhook-url' : `webhook-event-${WEBHOOK_EVENTS[0]?.type ?? ''}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      // Sent in the order the form lists them, whatever order they were ticked in.
      await onCreate({ url: trimmed, events: WEBHOOK_EVENTS.map((e) => e.type).filter((type) => events.includes(type)) });
      setUrl('');
      setEvents(WEBHOOK_EVENTS.map((e) => e.type));
    } catch (error) {
      const message = describeError(error, 'Unable to add the endpoint');
      setErrors({ url: message });
      setRefused(true);
      toast.error('Endpoint not added', { description: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate className="space-y-4" aria-labelledby="webhook-add-title" onSubmit={(event) => void handleSubmit(event)}>
      <h3 id="webhook-add-title" className="text-sm font-medium">
        Add endpoint
      </h3>
      <fieldset disabled={busy} className="space-y-4">
        <TextField
          id="webhook-url"
          label="Endpoint URL"
          hint="Each event is POSTed here as JSON, signed with the endpoint's secret (Standard Webhooks headers), and retried with growing pauses until your server answers 2xx."
          error={errors.url}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://hooks.example.org/provenance"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setErrors((current) => ({ ...current, url: undefined }));
          }}
        />
        <fieldset className="space-y-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium">Events</legend>
          <div className="divide-y rounded-lg border">
            {WEBHOOK_EVENTS.map((option) => (
              <ChoiceField
                key={option.type}
                id={`webhook-event-${option.type}`}
                type="checkbox"
                className="p-3"
                labelClassName="font-mono"
                label={option.type}
                hint={option.hint}
                checked={events.includes(option.type)}
                onChange={(event) => toggle(option.type, event.target.checked)}
              />
            ))}
          </div>
          <FieldError id="webhook-events-error">{errors.events}</FieldError>
        </fieldset>
        <BusyButton type="submit" busy={busy} busyLabel="Adding..." icon={<Plus aria-hidden="true" />}>
          Add endpoint
        </BusyButton>
      </fieldset>
    </form>
  );
}
