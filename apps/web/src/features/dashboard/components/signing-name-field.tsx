// "Name to sign under": asked of an account that has none at its first signing (a single file or a
// batch job), since that name is published in every signature and the email never is.
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export function SigningNameField({ id, value, error, onChange, className }: { id: string; value: string; error?: string | undefined; onChange: (value: string) => void; className?: string }) {
  const hint = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className ?? 'space-y-2'}>
      <Label htmlFor={id}>Name to sign under</Label>
      <Input
        id={id}
        name="organization"
        autoComplete="organization"
        maxLength={200}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hint}` : hint}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hint} className="text-xs text-muted-foreground">
        Your organization’s name, or your own. It is published in every signature you make: the certificate, reports and badges name it as the signer. Asked once; you can change it later in Settings.
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
