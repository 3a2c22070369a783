// Native Action Sheet: 'Show Actions' opens the system sheet (a modal sheet in a
// browser) with the app's main destinations; the choice takes the user there.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ListChecks } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { actionSheet, type ActionOption } from '@/platform/action-sheet';
import { FeatureCard } from './feature-card';

const ACTIONS: (ActionOption & { to: string | null })[] = [
  { title: 'Sign New Content', to: '/dashboard' },
  { title: 'Verify Content', to: '/#verify' },
  { title: 'View Device Info', to: '/device-info' },
  { title: 'Cancel', style: 'cancel', to: null },
];

export function ActionSheetCard() {
  const navigate = useNavigate();
  const [result, setResult] = useState<string | null>(null);

  async function show(): Promise<void> {
    try {
      const index = await actionSheet.show({ title: 'Choose an action', message: 'Where would you like to go?', options: ACTIONS });
      const action = index === null ? undefined : ACTIONS[index];
      if (!action?.to) {
        setResult('Dismissed');
        return;
      }
      setResult(action.title);
      await navigate(action.to);
    } catch (error) {
      console.warn('Action sheet unavailable', error);
      setResult('The action sheet could not be opened');
    }
  }

  return (
    <FeatureCard id="action-sheet" Icon={ListChecks} title="Native Action Sheet" description="The system's own sheet of choices, sliding up from the bottom.">
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="action-sheet-result">
        {result === null ? 'Open the sheet and pick where to go.' : `Last choice: ${result}`}
      </p>
      <Button className="mt-auto self-start" onClick={() => void show()}>
        Show Actions
      </Button>
    </FeatureCard>
  );
}
