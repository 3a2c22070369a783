// "Name to sign under": asked of an account that has none at its first signing (a single file or a
// batch job), since that name is published in every signature and the email never is.
import { TextField } from '@/components/ui/form-field';

export function SigningNameField({ id, value, error, onChange, className }: { id: string; value: string; error?: string | undefined; onChange: (value: string) => void; className?: string }) {
  return (
    <TextField
      id={id}
      label="Name to sign under"
      hint="Your organization’s name, or your own. It is published in every signature you make: the certificate, reports and badges name it as the signer. Asked once; you can change it later in Settings."
      error={error}
      className={className}
      name="organization"
      autoComplete="organization"
      maxLength={200}
      aria-required="true"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
