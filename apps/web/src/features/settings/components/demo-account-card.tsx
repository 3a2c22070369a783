// Account tab: the Demo Account card. Creating one signs this browser in as the new demo account
// (removed with its data after 24 hours) and opens the dashboard.
import { useNavigate } from 'react-router';
import { Loader2, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useDemoSignIn } from '@/lib/auth/use-demo-sign-in';
import { SettingsCard } from './settings-card';

export function DemoAccountCard() {
  const navigate = useNavigate();
  const demo = useDemoSignIn(() => navigate('/dashboard'));
  return (
    <SettingsCard
      title="Demo Account"
      description="Create a separate demo account to try signing and verification without touching this account's data. Demo accounts and their data are removed after 24 hours."
      icon={<Sparkles />}
    >
      <Button variant="outline" disabled={demo.busy} onClick={() => void demo.start()}>
        {demo.busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
        {demo.busy ? 'Creating Demo Account...' : 'Create Demo Account'}
      </Button>
    </SettingsCard>
  );
}
