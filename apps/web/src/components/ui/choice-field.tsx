// A checkbox or radio button with its label beside it and a hint under the label, which the control
// names as its description (aria-describedby `<id>-hint`). Lists of options (notification
// preferences, a webhook's events, a job's kind, the sign form's flags) are made of these.
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type ChoiceFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type' | 'className' | 'aria-describedby'> & {
  id: string;
  type: 'checkbox' | 'radio';
  label: ReactNode;
  hint: ReactNode;
  /** The row's classes, added to its flex layout (padding, a border). */
  className?: string;
  /** Added to the label's classes (a monospaced event name). */
  labelClassName?: string;
};

export function ChoiceField({ id, label, hint, className, labelClassName, ...input }: ChoiceFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={id}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-describedby={hintId}
        {...input}
      />
      <div className="space-y-1">
        <label htmlFor={id} className={cn('cursor-pointer text-sm font-medium leading-none', labelClassName)}>
          {label}
        </label>
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}
