// The choice of where a file is verified, as a radio group under the file picker: in this browser
// (nothing leaves the device) or on the gateway (which also checks revocation).
import type { VerifyPlace } from '../lib/verify-place';

const CHOICES: { value: VerifyPlace; label: string; detail: string }[] = [
  { value: 'browser', label: 'In this browser', detail: 'Nothing is uploaded: the file never leaves your device.' },
  { value: 'gateway', label: 'On the gateway', detail: 'The file is uploaded, verified and not stored; revocation is checked too.' },
];

export function VerifyPlacePicker({ place, disabled, onChange }: { place: VerifyPlace; disabled: boolean; onChange: (place: VerifyPlace) => void }) {
  return (
    <fieldset className="w-full text-start" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Verify files</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-start gap-2 rounded-lg border bg-background p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
          >
            <input type="radio" name="verify-place" value={choice.value} checked={place === choice.value} onChange={() => onChange(choice.value)} className="mt-0.5 accent-primary" />
            <span>
              <span className="block font-medium">{choice.label}</span>
              <span className="block text-muted-foreground">{choice.detail}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
