// "Current Password": asked by every settings action that only the account's owner may take (a new
// email, a new password, deleting the account). A wrong one, or the wait after several, is said at
// the field (wrong-password.ts).
import type { ChangeEvent } from 'react';
import { PasswordField } from '@/components/ui/form-field';

export interface CurrentPasswordFieldProps {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string | null;
  className?: string;
}

export function CurrentPasswordField({ id, value, onChange, error = null, className }: CurrentPasswordFieldProps) {
  return <PasswordField id={id} label="Current Password" className={className} name="current-password" autoComplete="current-password" error={error} value={value} onChange={onChange} />;
}
