// The person's choice for photos they sign on this device: where they were taken rounded to about
// 110 m (3 decimals, the default), or the precise position. Saved on this device only.
import { useId } from 'react';
import { ChoiceField } from '@/components/ui/choice-field';
import { useLocationPrecision } from '../hooks/use-location-precision';

export function PreciseLocationToggle() {
  const [precise, setPrecise] = useLocationPrecision();
  const id = useId();
  return (
    <ChoiceField
      id={id}
      type="checkbox"
      role="switch"
      aria-checked={precise}
      className="rounded-lg border bg-muted/40 p-4"
      label="Precise location in signed photos"
      hint={
        precise
          ? 'Photos you sign on this device record the exact position the device reports.'
          : 'Photos you sign on this device record where they were taken rounded to about 110 m (3 decimals). Turn on to record the exact position.'
      }
      checked={precise}
      onChange={(event) => setPrecise(event.target.checked)}
    />
  );
}
