// The person's choice for photos they sign on this device: where they were taken rounded to about
// 110 m (3 decimals, the default), or the precise position. Saved on this device only.
import { useId } from 'react';
import { useLocationPrecision } from '../hooks/use-location-precision';

export function PreciseLocationToggle() {
  const [precise, setPrecise] = useLocationPrecision();
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={precise}
        aria-describedby={`${id}-hint`}
        checked={precise}
        onChange={(event) => setPrecise(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <div className="space-y-1">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium leading-none">
          Precise location in signed photos
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {precise
            ? 'Photos you sign on this device record the exact position the device reports.'
            : 'Photos you sign on this device record where they were taken rounded to about 110 m (3 decimals). Turn on to record the exact position.'}
        </p>
      </div>
    </div>
  );
}
