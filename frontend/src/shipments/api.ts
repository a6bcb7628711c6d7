import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ANALYTICS_STATS_QUERY_KEY, SHIPMENTS_QUERY_KEY, invalidateShipmentData } from '../api/invalidate';
import { useShipmentsActions } from './provider';

export { ANALYTICS_STATS_QUERY_KEY, SHIPMENTS_QUERY_KEY, invalidateShipmentData };
export const SHIPMENTS_PAGE_SIZE = 50;

export * from './query';

export function useRetryShipment() {
  const queryClient = useQueryClient();
  const dataProvider = useShipmentsActions();
  return useMutation({
    mutationFn: (id: string) => dataProvider.retryShipment(id),
    onSettled: () => invalidateShipmentData(queryClient),
  });
}
