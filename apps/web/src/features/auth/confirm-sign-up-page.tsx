// The page a sign-up's confirmation link opens (/confirm-sign-up#token=…; after '#', so the token is
// never sent in a request line or Referer): it confirms the token, which creates the account and
// signs it in, then goes to /dashboard with 'Account created!'. A spent, expired or unknown link says
// so, with the ways on: sign in, or sign up again.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { toast } from 'sonner';
import { confirmSignUp } from '@/lib/auth/auth-api';
import { describeError } from '@/lib/describe-error';
import { AuthLayout } from './components/auth-layout';

// One confirmation per token for the page's life: effects may run twice (React's strict mode), and
// a token works only once.
const confirmations = new Map<string, Promise<unknown>>();

function tokenOf(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

export function ConfirmSignUpPage() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const token = tokenOf(hash);
  const [failure, setFailure] = useState<string | null>(token ? null : 'This link has no confirmation token. Open the link from the email as it is.');

  useEffect(() => {
    if (!token) return;
    let current = true;
    let confirming = confirmations.get(token);
    if (!confirming) {
      confirming = confirmSignUp(token);
      confirmations.set(token, confirming);
    }
    confirming.then(
      () => {
        if (!current) return;
        toast.success('Account created!', { description: 'Welcome to Provenance Gateway' });
        navigate('/dashboard', { replace: true });
      },
      (error: unknown) => {
        if (current) setFailure(describeError(error, 'This confirmation link cannot be used.'));
      },
    );
    return () => {
      current = false;
    };
  }, [token, navigate]);

  return (
    <AuthLayout
      title={failure ? 'This link cannot be used' : 'Creating your account'}
      description={failure ? 'A confirmation link works once, for 24 hours.' : 'Confirming your email address…'}
      footer={
        <>
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign in
          </Link>{' '}
          or{' '}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            sign up again
          </Link>
        </>
      }
    >
      {failure ? (
        <p role="alert" className="text-sm">
          {failure}
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          Creating your account…
        </p>
      )}
    </AuthLayout>
  );
}
