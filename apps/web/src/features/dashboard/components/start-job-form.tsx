// Start a batch job: verify or sign many files at once by pasting their addresses, one per line. A
// signing job names its creator (the one required field of the signing metadata) in every file it
// signs. Mistakes are said at the field, with the line they are on, before or after the server sees
// them; on success the form empties and the new job shows in the list below with its progress.
// While the account has no name to sign under (`asksName`), a signing job asks for it, as the sign
// form does: it is published in every signature, and the job sets it.
import { useEffect, useState, type FormEvent } from 'react';
import { PlayCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { TCreateJobRequest, TJobAccepted, TJobType } from '@provenance/contracts';
import { BusyButton } from '@/components/ui/busy-button';
import { ChoiceField } from '@/components/ui/choice-field';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api/client';
import { describeError } from '@/lib/describe-error';
import { buildJobRequest, describeJobRefusal, EMPTY_JOB_FORM, MAX_JOB_ITEMS, withoutItem, type JobFieldErrors, type JobFormValues } from '../lib/job-form';
import { CreatorNameField } from './creator-name-field';
import { SigningNameField } from './signing-name-field';

const TYPES: { value: TJobType; label: string; hint: string }[] = [
  { value: 'verify', label: 'Verify', hint: 'Check the Content Credentials of each file and record its verdict.' },
  { value: 'sign', label: 'Sign', hint: 'Sign each file with your Content Credentials; the signed copies appear under Your signed content.' },
];

export function StartJobForm({ onStart, asksName = false }: { onStart: (request: TCreateJobRequest) => Promise<TJobAccepted>; asksName?: boolean }) {
  const [values, setValues] = useState<JobFormValues>(EMPTY_JOB_FORM);
  const [errors, setErrors] = useState<JobFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [focusField, setFocusField] = useState<string | null>(null);

  const set = <K extends keyof JobFormValues>(field: K, value: JobFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (field in current ? { ...current, [field]: undefined } : current));
  };

  // The field to fix gets the focus once the form is enabled again (a disabled field cannot take it).
  useEffect(() => {
    if (busy || !focusField) return;
    document.getElementById(focusField)?.focus();
    setFocusField(null);
  }, [busy, focusField]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    try {
      const built = await buildJobRequest(values, asksName);
      if (!built.ok) {
        setErrors(built.errors);
        setFocusField(built.errors.urls ? 'job-urls' : built.errors.creator ? 'job-creator' : 'job-organization');
        return;
      }
      setErrors({});
      await onStart(built.request);
      const count = built.request.items.length;
      toast.success('Batch job started', { description: `${count} ${count === 1 ? 'address is' : 'addresses are'} queued. Progress shows below.` });
      setValues((current) => ({ ...EMPTY_JOB_FORM, type: current.type, creator: current.creator }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        // A refusal of the request itself belongs at the field it concerns: the creator's name, or
        // the addresses (at the line the server names).
        const aboutCreator = values.type === 'sign' && /creator/i.test(error.message);
        setErrors(aboutCreator ? { creator: withoutItem(error.message) } : { urls: describeJobRefusal(error.message, values.urls) });
        setFocusField(aboutCreator ? 'job-creator' : 'job-urls');
      }
      toast.error('Job not started', { description: describeError(error, 'Unable to start the job') });
    } finally {
      setBusy(false);
    }
  }

  const lineCount = values.urls.split(/\r?\n/).filter((line) => line.trim() !== '').length;
  return (
    <form noValidate aria-label="Start a batch job" className="space-y-5" onSubmit={(event) => void handleSubmit(event)}>
      <fieldset disabled={busy} className="space-y-5">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">What to do with each file</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {TYPES.map((type) => (
              <ChoiceField
                key={type.value}
                id={`job-type-${type.value}`}
                type="radio"
                name="job-type"
                value={type.value}
                className="rounded-lg border p-3"
                label={type.label}
                hint={type.hint}
                checked={values.type === type.value}
                onChange={() => set('type', type.value)}
              />
            ))}
          </div>
        </fieldset>
        <FormField
          id="job-urls"
          label="File addresses, one per line"
          hint={
            <>
              Public http(s) addresses of images or videos, up to {MAX_JOB_ITEMS.toLocaleString('en-US')} in one job.{' '}
              {lineCount > 0 ? `${lineCount.toLocaleString('en-US')} ${lineCount === 1 ? 'address' : 'addresses'} so far.` : null}
            </>
          }
          error={errors.urls}
        >
          {(control) => (
            <Textarea
              {...control}
              name="urls"
              rows={5}
              spellCheck={false}
              autoComplete="off"
              className="font-mono text-xs sm:text-xs"
              placeholder={'https://example.org/photo-1.jpg\nhttps://example.org/photo-2.jpg'}
              value={values.urls}
              onChange={(event) => set('urls', event.target.value)}
            />
          )}
        </FormField>
        {values.type === 'sign' ? (
          <CreatorNameField id="job-creator" hint="Named as the creator in every file this job signs." error={errors.creator} value={values.creator} onChange={(value) => set('creator', value)} />
        ) : null}
        {values.type === 'sign' && asksName ? (
          <SigningNameField id="job-organization" value={values.organization} error={errors.organization} onChange={(value) => set('organization', value)} />
        ) : null}
        <BusyButton type="submit" busy={busy} busyLabel="Starting..." icon={<PlayCircle aria-hidden="true" />}>
          Start Job
        </BusyButton>
      </fieldset>
    </form>
  );
}
