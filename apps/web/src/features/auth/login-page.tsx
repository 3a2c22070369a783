// Login screen: email and password, Sign In, 'Try Demo Account', a link
// to sign up. Success goes to /dashboard, or back to the page that asked for a session.
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { LogIn, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { BusyButton } from '@/components/ui/busy-button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api/client';
import { signIn } from '@/lib/auth/auth-api';
import { useSession } from '@/lib/auth/use-session';
import { AuthLayout } from './components/auth-layout';
import { useDemoSignIn } from '@/lib/auth/use-demo-sign-in';
import { useRedirectTarget } from './hooks/use-redirect-target';

export function LoginPage() {
  const navigate = useNavigate();
  const target = useRedirectTarget();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const demo = useDemoSignIn(() => navigate(target, { replace: true }));
  const locked = busy || demo.busy;

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    try {
      await signIn({ email: email.trim(), password });
      toast.success('Welcome back!', { description: 'You have successfully signed in' });
      navigate(target, { replace: true });
    } catch (error) {
      const description = error instanceof ApiError && error.code !== 'invalid_credentials' && error.status !== 401 ? error.message : 'Invalid credentials';
      toast.error('Sign in failed', { description });
      setBusy(false);
    }
  }

  // Already signed in (another tab, or a session restored on load): nothing to do here.
  if (session && !busy) return <Navigate to={target} replace />;

  const signupLink = target === '/dashboard' ? '/signup' : `/signup?redirect=${encodeURIComponent(target)}`;

  return (
    <AuthLayout
      title="Sign In"
      description="Sign in to sign and verify content and to see your analytics."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={signupLink} className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form className="space-y-5" onSubmit={(event) => void handleSubmit(event)}>
        <fieldset disabled={locked} className="space-y-5">
          <TextField id="login-email" label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} placeholder="you@newsroom.org" />
          <PasswordField id="login-password" label="Password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </fieldset>
        <BusyButton type="submit" className="w-full" busy={busy} busyLabel="Signing In..." icon={<LogIn aria-hidden="true" />} disabled={demo.busy}>
          Sign In
        </BusyButton>
        <div className="relative text-center text-xs uppercase tracking-wide text-muted-foreground">
          <span className="absolute inset-x-0 top-1/2 border-t" aria-hidden="true" />
          <span className="relative bg-card px-2">or</span>
        </div>
        <BusyButton type="button" variant="outline" className="w-full" busy={demo.busy} busyLabel="Creating Demo Account..." icon={<Sparkles aria-hidden="true" />} disabled={busy} onClick={() => void demo.start()}>
          Try Demo Account
        </BusyButton>
      </form>
    </AuthLayout>
  );
}
