// One TanStack Query client for the app: no retries on 4xx answers (they will not change), one retry
// otherwise, and no refetch storms when the window regains focus.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/http';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
      },
      mutations: { retry: false },
    },
  });
}
