// Notifications tab: three preferences, all on by default, saved to the account
// with 'Save Preferences' and read back from the server on every visit.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { toast } from 'sonner';
import type { TNotificationPreferences } from '@provenance/contracts';
import { BusyButton } from '@/components/ui/busy-button';
import { notificationPreferenceKeys, notificationPreferencesQuery, saveNotificationPreferences } from '@/lib/api/notification-preferences';
import { LoadFailed } from '@/components/ui/load-failed';
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
      {saved.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading your preferences…
        </p>
      ) : saved.isError ? (
        <LoadFailed message={describeError(saved.error, 'Unable to load your preferences')} onRetry={() => void saved.refetch()} />
      ) : (
        <PreferencesForm userId={userId} initial={saved.data} />
      )}
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
        {OPTIONS.map((option) => {
          const id = `settings-notify-${option.key}`;
          return (
            <div key={option.key} className="flex items-start gap-3 p-4">
              <input
                id={id}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                checked={preferences[option.key]}
                aria-describedby={`${id}-hint`}
                onChange={(e) => setPreferences((current) => ({ ...current, [option.key]: e.target.checked }))}
              />
              <div className="space-y-1">
                <label htmlFor={id} className="cursor-pointer text-sm font-medium leading-none">
                  {option.label}
                </label>
                <p id={`${id}-hint`} className="text-sm text-muted-foreground">
                  {option.hint}
                </p>
              </div>
            </div>
          );
        })}
      </fieldset>
      <BusyButton type="submit" busy={busy} busyLabel="Saving...">
        Save Preferences
      </BusyButton>
    </form>
  );
}
