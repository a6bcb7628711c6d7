import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useShipmentsActions } from './provider';

/**
 * Prefix of every shipment list query (react-admin keys its queries by resource); invalidating it
 * refreshes the history whatever its filters.
 */
export const SHIPMENTS_QUERY_KEY = ['shipments'] as const;
export const ANALYTICS_STATS_QUERY_KEY = ['/api/analytics/stats'] as const;
export const SHIPMENTS_PAGE_SIZE = 50;

export * from './query';

/** The history and the dashboard stats, after shipments were created or retried. */
export function invalidateShipmentData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SHIPMENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ANALYTICS_STATS_QUERY_KEY }),
  ]);
}

export function useRetryShipment() {
  const queryClient = useQueryClient();
  const dataProvider = useShipmentsActions();
  return useMutation({
    mutationFn: (id: string) => dataProvider.retryShipment(id),
    onSettled: () => invalidateShipmentData(queryClient),
  });
}
