// Haptic Feedback: Light, Medium, Heavy impacts. Says so when the browser has no
// way to vibrate (no Vibration API); a desktop browser may accept the pulse and have no motor.
import { useState } from 'react';
import { Vibrate } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { haptics, type ImpactStrength } from '@/platform/haptics';
import { FeatureCard } from './feature-card';

const STRENGTHS: { strength: ImpactStrength; label: string }[] = [
  { strength: 'light', label: 'Light' },
  { strength: 'medium', label: 'Medium' },
  { strength: 'heavy', label: 'Heavy' },
];

export function HapticsCard() {
  const [last, setLast] = useState<{ label: string; felt: boolean } | null>(null);

  async function impact(strength: ImpactStrength, label: string): Promise<void> {
    try {
      setLast({ label, felt: await haptics.impact(strength) });
    } catch (error) {
      console.warn('Haptics unavailable', error);
      setLast({ label, felt: false });
    }
  }

  return (
    <FeatureCard id="haptics" Icon={Vibrate} title="Haptic Feedback" description="Feel the three impact strengths of the device's vibration motor.">
      <div className="grid grid-cols-3 gap-2" role="group" aria-label="Impact strength">
        {STRENGTHS.map(({ strength, label }) => (
          <Button key={strength} variant="outline" onClick={() => void impact(strength, label)}>
            {label}
          </Button>
        ))}
      </div>
      <p className="mt-auto text-sm text-muted-foreground" aria-live="polite" data-testid="haptics-result">
        {last === null ? 'Tap a strength to feel it.' : last.felt ? `${last.label} impact sent to the vibration motor.` : `${last.label} impact: this browser cannot vibrate the device.`}
      </p>
    </FeatureCard>
  );
}
