// One form field: its label, the control, a hint and an error message under it, wired together.
// The control gets the id the label names, aria-invalid while there is an error, and
// aria-describedby naming the error (read first) and the hint, whose ids are `<id>-error` and
// `<id>-hint`. TextField and PasswordField are the field with an Input; other controls (a textarea,
// an input with a button beside it) are rendered by the caller from the wiring it is handed.
import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from './field-error';
import { Input } from './input';
import { Label } from './label';

/** What the control of a field must carry for its label, hint and error to reach assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Said at the field (role="alert") and named first in its description; nothing when empty. */
  error?: ReactNode;
  /** The frame's classes; 'space-y-2' by default. */
  className?: string;
}

export function FormField({ id, label, hint, error, className, children }: FieldFrameProps & { children: (control: FieldControlProps) => ReactNode }) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter((part) => part !== null).join(' ');
  return (
    <div className={className ?? 'space-y-2'}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy === '' ? undefined : describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

export type TextFieldProps = FieldFrameProps & Omit<ComponentProps<'input'>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'> & { inputClassName?: string };

/** A labelled text input (any input type) with its hint and error. */
export function TextField({ id, label, hint, error, className, inputClassName, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => <Input {...control} className={inputClassName} {...input} />}
    </FormField>
  );
}

/** A required password input; `autoComplete` says whether it asks for the current password or a new one. */
export function PasswordField({ autoComplete, ...props }: Omit<TextFieldProps, 'type' | 'required' | 'autoComplete'> & { autoComplete: 'current-password' | 'new-password' }) {
  return <TextField type="password" autoComplete={autoComplete} required {...props} />;
}
