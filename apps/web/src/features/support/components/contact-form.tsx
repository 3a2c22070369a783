// Contact Support form: name, email, subject and a 6-row message, all
// required; 'Sending...' while busy; on success the toast with the request's reference and a
// cleared form. A signed-in person's email is filled in as the field's value (not a placeholder, which
// a browser treats as empty), until they type another.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import type { TCreateSupportRequest } from '@provenance/contracts';
import { BusyButton } from '@/components/ui/busy-button';
import { FormField, TextField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api/client';
import { createSupportRequestMutation, supportRequestKeys } from '@/lib/api/support-requests';
import { useSession } from '@/lib/auth/use-session';

const EMPTY: TCreateSupportRequest = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const session = useSession();
  const [form, setForm] = useState<TCreateSupportRequest>(EMPTY);
  // Until the email is edited it follows the session, which may arrive after the first render.
  const [emailEdited, setEmailEdited] = useState(false);
  const email = emailEdited ? form.email : (session?.user.email ?? '');
  const create = useMutation(createSupportRequestMutation);
  const queryClient = useQueryClient();
  const busy = create.isPending;

  const update = (field: keyof TCreateSupportRequest) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    create.mutate(
      { name: form.name.trim(), email: email.trim(), subject: form.subject.trim(), message: form.message.trim() },
      {
        onSuccess: (receipt) => {
          toast.success('Message sent!', { description: `We'll get back to you within 24 hours\nReference: ${receipt.reference}` });
          setForm(EMPTY);
          setEmailEdited(false);
          if (session) void queryClient.invalidateQueries({ queryKey: supportRequestKeys.list(session.user.id) });
        },
        onError: (error) => {
          toast.error('Message not sent', { description: error instanceof ApiError ? error.message : 'Unable to send your message. Please try again.' });
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-5" aria-label="Contact Support">
      <fieldset disabled={busy} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField id="support-name" label="Name" name="name" autoComplete="name" required value={form.name} onChange={update('name')} />
          <TextField
            id="support-email"
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmailEdited(true);
              update('email')(event);
            }}
          />
        </div>
        <TextField id="support-subject" label="Subject" name="subject" required value={form.subject} onChange={update('subject')} />
        <FormField id="support-message" label="Message">
          {(control) => <Textarea {...control} name="message" rows={6} required value={form.message} onChange={update('message')} />}
        </FormField>
      </fieldset>
      <BusyButton type="submit" busy={busy} busyLabel="Sending..." icon={<Send aria-hidden="true" />} className="w-full sm:w-auto">
        Send Message
      </BusyButton>
    </form>
  );
}
