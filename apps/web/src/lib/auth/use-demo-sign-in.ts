// The demo account flow of, shared by Login ('Try Demo Account') and Settings
// ('Create Demo Account'): create a demo account, show its credentials for 10 s, sign in with them
// after 1 s, then go on. Each failure has its own toast.
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { createDemoAccount, signIn } from '@/lib/auth/auth-api';
import { describeError } from '@/lib/describe-error';

export const DEMO_CREDENTIALS_TOAST_MS = 10_000;
export const DEMO_SIGN_IN_DELAY_MS = 1_000;

export function useDemoSignIn(onSignedIn: () => void): { start: () => Promise<void>; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function start(): Promise<void> {
    setBusy(true);
    try {
      let demo;
      try {
        demo = await createDemoAccount();
      } catch (error) {
        toast.error('Demo Account Creation Failed', { description: describeError(error, 'Unable to create a demo account') });
        return;
      }
      toast.success('Demo Access Granted', {
        description: `Email: ${demo.email}\nPassword: ${demo.password}`,
        duration: DEMO_CREDENTIALS_TOAST_MS,
      });
      await new Promise((resolve) => setTimeout(resolve, DEMO_SIGN_IN_DELAY_MS));
      try {
        await signIn({ email: demo.email, password: demo.password });
      } catch (error) {
        toast.error('Demo sign in failed', { description: describeError(error, 'Unable to sign in to the demo account') });
        return;
      }
      onSignedIn();
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  return { start, busy };
}
