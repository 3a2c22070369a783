// Notifications tab: three preferences, all on by default, saved to the account
// with 'Save Preferences' and read back from the server on every visit.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { toast } from 'sonner';
import type { TNotificationPreferences } from '@provenance/contracts';
import { BusyButton } from '@/components/ui/busy-button';
import { ChoiceField } from '@/components/ui/choice-field';
import { notificationPreferenceKeys, notificationPreferencesQuery, saveNotificationPreferences } from '@/lib/api/notification-preferences';
import { Loaded } from '@/components/ui/loaded';
import { describeError } from '@/lib/describe-error';
import { SettingsCard } from './settings-card';

const OPTIONS: { key: keyof TNotificationPreferences; label: string; hint: string }[] = [
  { key: 'verificationAlerts', label: 'Verification Alerts', hint: 'Get notified when content fails verification' },
  { key: 'weeklyReports', label: 'Weekly Reports', hint: 'Receive weekly analytics summaries' },
  { key: 'productUpdates', label: 'Product Updates', hint: 'Learn about new features' },
];

export function NotificationsPanel({ userId }: { userId: string }) {
  const saved = useQuery(notificationPreferencesQuery(userId));
  return (
    <SettingsCard title="Notification Preferences" description="Choose what we email you about." icon={<Bell />}>
      <Loaded query={saved} loading="Loading your preferences…" failed="Unable to load your preferences">
        {(preferences) => <PreferencesForm userId={userId} initial={preferences} />}
      </Loaded>
    </SettingsCard>
  );
}

function PreferencesForm({ userId, initial }: { userId: string; initial: TNotificationPreferences }) {
  const queryClient = useQueryClient();
  const [preferences, setPreferences] = useState<TNotificationPreferences>(initial);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    try {
      const stored = await saveNotificationPreferences(preferences);
      queryClient.setQueryData(notificationPreferenceKeys.preferences(userId), stored);
      setPreferences(stored);
      toast.success('Preferences saved', { description: 'Your notification preferences have been updated' });
    } catch (error) {
      toast.error('Save failed', { description: describeError(error, 'Unable to save your preferences') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-5" onSubmit={(event) => void handleSubmit(event)}>
      <fieldset disabled={busy} className="divide-y rounded-lg border">
        <legend className="sr-only">Email notifications</legend>
        {OPTIONS.map((option) => (
          <ChoiceField
            key={option.key}
            id={`settings-notify-${option.key}`}
            type="checkbox"
            className="p-4"
            label={option.label}
            hint={option.hint}
            checked={preferences[option.key]}
            onChange={(e) => setPreferences((current) => ({ ...current, [option.key]: e.target.checked }))}
          />
        ))}
      </fieldset>
      <BusyButton type="submit" busy={busy} busyLabel="Saving...">
        Save Preferences
      </BusyButton>
    </form>
  );
}
