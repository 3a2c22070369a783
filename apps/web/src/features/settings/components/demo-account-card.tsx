// Account tab: the Demo Account card. Creating one signs this browser in as the new demo account
// (removed with its data after 24 hours) and opens the dashboard.
import { useNavigate } from 'react-router';
import { Sparkles } from 'lucide-react';
import { BusyButton } from '@/components/ui/busy-button';
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
      <BusyButton variant="outline" busy={demo.busy} busyLabel="Creating Demo Account..." icon={<Sparkles aria-hidden="true" />} onClick={() => void demo.start()}>
        Create Demo Account
      </BusyButton>
    </SettingsCard>
  );
}
