// "Creator Name": the one required field of the signing metadata, named as the creator in what is
// signed (a single file, or every file of a batch job).
import { TextField } from '@/components/ui/form-field';

export function CreatorNameField({ id, value, error, hint, onChange }: { id: string; value: string; error?: string | undefined; hint?: string; onChange: (value: string) => void }) {
  return <TextField id={id} label="Creator Name" hint={hint} error={error} name="creator" autoComplete="name" aria-required="true" value={value} onChange={(event) => onChange(event.target.value)} />;
}
