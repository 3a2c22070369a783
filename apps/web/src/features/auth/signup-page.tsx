// Signup screen: email, password, confirm password, Create Account.
// Passwords must match and have at least 6 characters. The server then mails the address a
// confirmation link (its answer is the same whether the address has an account or not), so the
// screen says "Check your email" with the address and a Resend button; the link's page
// (confirm-sign-up-page.tsx) creates the account and goes to /dashboard.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { MailCheck, UserPlus } from 'lucide-react';
import { toast } from 'sonner';
import { MIN_PASSWORD_LENGTH, NEW_PASSWORD_HINT } from '@/lib/auth/password-rules';
import { Button } from '@/components/ui/button';
import { BusyButton } from '@/components/ui/busy-button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { signUp } from '@/lib/auth/auth-api';
import { useSession } from '@/lib/auth/use-session';
import { AuthLayout } from './components/auth-layout';
import { describeError } from '@/lib/describe-error';
import { useRedirectTarget } from './hooks/use-redirect-target';

/** The server mails an address at most once a minute; the Resend button waits as long. */
const RESEND_AFTER_MS = 60_000;

export function SignupPage() {
  const target = useRedirectTarget();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  // The address a confirmation link was sent to, once the server has answered.
  const [sentTo, setSentTo] = useState<string | null>(null);
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
      setSentTo(email.trim());
    } catch (error) {
      toast.error('Sign up failed', { description: describeError(error, 'Unable to create account') });
    }
    setBusy(false);
  }

  // Already signed in (another tab, or a session restored on load): nothing to do here.
  if (session && !busy) return <Navigate to={target} replace />;

  if (sentTo) return <CheckYourEmail address={sentTo} resend={() => signUp({ email: sentTo, password })} onChangeAddress={() => setSentTo(null)} />;

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
          <TextField id="signup-email" label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@newsroom.org" />
          <PasswordField
            id="signup-password"
            label="Password"
            name="password"
            autoComplete="new-password"
            hint={NEW_PASSWORD_HINT}
            error={fieldError?.field === 'signup-password' ? fieldError.message : null}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <PasswordField
            id="signup-confirm"
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            error={fieldError?.field === 'signup-confirm' ? fieldError.message : null}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </fieldset>
        <BusyButton type="submit" className="w-full" busy={busy} busyLabel="Creating Account..." icon={<UserPlus aria-hidden="true" />}>
          Create Account
        </BusyButton>
      </form>
    </AuthLayout>
  );
}

/** After Create Account: where the link went, and a way to send it again (once a minute at most). */
function CheckYourEmail({ address, resend, onChangeAddress }: { address: string; resend: () => Promise<unknown>; onChangeAddress: () => void }) {
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [resending, setResending] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [note, setNote] = useState('');
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  const waitSeconds = Math.max(0, Math.ceil((sentAt + RESEND_AFTER_MS - now) / 1000));
  const resendLabel = waitSeconds > 0 ? `Resend email (in ${waitSeconds} s)` : 'Resend email';

  async function handleResend(): Promise<void> {
    setResending(true);
    try {
      await resend();
      setSentAt(Date.now());
      setNote(`Sent again to ${address}.`);
    } catch (error) {
      toast.error('Sign up failed', { description: describeError(error, 'Unable to create account') });
    }
    setResending(false);
  }

  return (
    <AuthLayout
      title="Check your email"
      description={`We sent a confirmation link to ${address}.`}
      footer={
        <>
          Already confirmed?{' '}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        <div className="flex items-start gap-3 text-sm">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <p>
            Open the link in the email to create your account and sign in. It works once, for 24 hours. If <span className="font-medium">{address}</span> already has an account, the
            email says so instead.
          </p>
        </div>
        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {note}
        </p>
        <BusyButton type="button" className="w-full" variant="outline" busy={resending} busyLabel={resendLabel} disabled={waitSeconds > 0} onClick={() => void handleResend()}>
          {resendLabel}
        </BusyButton>
        <Button type="button" className="w-full" variant="ghost" onClick={onChangeAddress}>
          Use a different address
        </Button>
      </div>
    </AuthLayout>
  );
}
