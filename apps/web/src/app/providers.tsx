// App-wide providers and watchers: data cache, toasts, colour theme, network status.
import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@/components/ui/toaster';
import { OfflineIndicator } from '@/components/offline-indicator';
import { createQueryClient } from '@/lib/query-client';
import { watchSystemTheme } from '@/lib/theme';
import { networkStatus } from '@/lib/network-status';
import { useNetworkToasts } from './use-network-toasts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => watchSystemTheme(), []);
  useEffect(() => networkStatus.start(), []);
  useNetworkToasts();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <OfflineIndicator />
      <Toaster />
    </QueryClientProvider>
  );
}
