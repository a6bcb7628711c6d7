import { QueryClient } from '@tanstack/react-query';

/** Spec section 7: data never goes stale, no refetch on interval or focus, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchInterval: false, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
