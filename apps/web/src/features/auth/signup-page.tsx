// Signup screen: email, password, confirm password, Create Account.
// Passwords must match and have at least 6 characters. Success goes to /dashboard or back.
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { Loader2, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { MIN_PASSWORD_LENGTH } from '@/lib/auth/password-rules';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { signUp } from '@/lib/auth/auth-api';
import { useSession } from '@/lib/auth/use-session';
import { AuthLayout } from './components/auth-layout';
import { describeError } from '@/lib/describe-error';
import { useRedirectTarget } from './hooks/use-redirect-target';

export function SignupPage() {
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  // Said at the field it concerns (and focused), not only in a toast that a screen reader may miss.
  const [fieldError, setFieldError] = useState<{ field: 'signup-password' | 'signup-confirm'; message: string } | null>(null);

  function showFieldError(field: 'signup-password' | 'signup-confirm', message: string): void {
    setFieldError({ field, message });
    document.getElementById(field)?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setFieldError(null);
    if (password !== confirm) {
      toast.error("Passwords don't match", { description: 'Please make sure your passwords match' });
      showFieldError('signup-confirm', 'Please make sure your passwords match');
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      toast.error('Sign up failed', { description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters` });
      showFieldError('signup-password', `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
      return;
    }
    setBusy(true);
    try {
      await signUp({ email: email.trim(), password });
      toast.success('Account created!', { description: 'Welcome to Provenance Gateway' });
      navigate(target, { replace: true });
    } catch (error) {
      toast.error('Sign up failed', { description: describeError(error, 'Unable to create account') });
      setBusy(false);
    }
  }

  // Already signed in (another tab, or a session restored on load): nothing to do here.
  if (session && !busy) return <Navigate to={target} replace />;

  const loginLink = target === '/dashboard' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;

  return (
    <AuthLayout
      title="Create Account"
      description="Start signing and verifying content with C2PA Content Credentials."
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginLink} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form className="space-y-5" onSubmit={(event) => void handleSubmit(event)}>
        <fieldset disabled={busy} className="space-y-5">
          <div className="space-y-2">
            <Label htmlFor="signup-email">Email</Label>
            <Input id="signup-email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@newsroom.org" />
          </div>
          <div className="space-y-2">
            <Label htmlFor="signup-password">Password</Label>
            <Input
              id="signup-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              aria-invalid={fieldError?.field === 'signup-password' ? true : undefined}
              aria-describedby={fieldError?.field === 'signup-password' ? 'signup-password-error signup-password-hint' : 'signup-password-hint'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <FieldError id="signup-password-error">{fieldError?.field === 'signup-password' ? fieldError.message : null}</FieldError>
            <p id="signup-password-hint" className="text-xs text-muted-foreground">
              At least {MIN_PASSWORD_LENGTH} characters.
            </p>
          </div>
          <div className="space-y-2">
            <Label htmlFor="signup-confirm">Confirm Password</Label>
            <Input
              id="signup-confirm"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              aria-invalid={fieldError?.field === 'signup-confirm' ? true : undefined}
              aria-describedby={fieldError?.field === 'signup-confirm' ? 'signup-confirm-error' : undefined}
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
            <FieldError id="signup-confirm-error">{fieldError?.field === 'signup-confirm' ? fieldError.message : null}</FieldError>
          </div>
        </fieldset>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
