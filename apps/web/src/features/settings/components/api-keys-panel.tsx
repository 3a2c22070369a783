// API Keys tab: the account's Production Key and Test Key, masked. Keys are
// stored hashed on the server, so only a regenerated key can ever be shown in full.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeySquare } from 'lucide-react';
import type { TApiKeyType } from '@provenance/contracts';
import { apiKeyKeys, apiKeysQuery, regenerateApiKey } from '@/lib/api/api-keys';
import { Loaded } from '@/components/ui/loaded';
import { ApiKeyRow } from './api-key-row';
import { SettingsCard } from './settings-card';

const ORDER: TApiKeyType[] = ['production', 'test'];

export function ApiKeysPanel({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery(userId));
  const regenerate = useMutation({
    mutationFn: regenerateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(userId) }),
  });

  return (
    <SettingsCard
      title="API Keys"
      description={
        <>
          Send a key as <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">Authorization: Bearer &lt;key&gt;</code> to sign content and read analytics
          from your own systems. Use the test key while you build.
        </>
      }
      icon={<KeySquare />}
    >
      <Loaded query={keys} loading="Loading your keys…" failed="Unable to load your API keys">
        {(list) => (
          <div className="space-y-6">
            {ORDER.map((type) => {
              const apiKey = list.find((key) => key.type === type);
              return apiKey ? <ApiKeyRow key={type} apiKey={apiKey} onRegenerate={(t) => regenerate.mutateAsync(t)} /> : null;
            })}
          </div>
        )}
      </Loaded>
    </SettingsCard>
  );
}
