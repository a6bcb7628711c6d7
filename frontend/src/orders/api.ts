import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrdersActions } from './provider';
import { ApiError } from '../api/request';
import { useToast } from '../notifications/toast';

export const OPEN_ORDERS_QUERY_KEY = ['/api/orders'] as const;
/** Fetched as /api/orders/problem; invalidating OPEN_ORDERS_QUERY_KEY refreshes it too. */
export const PROBLEM_ORDERS_QUERY_KEY = ['/api/orders', 'problem'] as const;
export const STATS_QUERY_KEY = ['/api/analytics/stats'] as const;
/** Fetched as /api/orders/late-rate; invalidating OPEN_ORDERS_QUERY_KEY refreshes it too. */
export const LATE_RATE_QUERY_KEY = ['/api/orders', 'late-rate'] as const;

export function useOpenOrders() {
  const dataProvider = useOrdersActions();
  return useQuery({
    queryKey: OPEN_ORDERS_QUERY_KEY,
    queryFn: () => dataProvider.getOpenOrders(),
  });
}

export function useProblemOrders() {
  const dataProvider = useOrdersActions();
  return useQuery({
    queryKey: PROBLEM_ORDERS_QUERY_KEY,
    queryFn: () => dataProvider.getProblemOrders(),
  });
}

export function useLateRate(enabled = true) {
  const dataProvider = useOrdersActions();
  return useQuery({
    queryKey: LATE_RATE_QUERY_KEY,
    queryFn: () => dataProvider.getLateRate(),
    enabled,
  });
}

export function useOrderStats(enabled = true) {
  const dataProvider = useOrdersActions();
  return useQuery({
    queryKey: STATS_QUERY_KEY,
    queryFn: () => dataProvider.getOrderStats(),
    enabled,
  });
}

/** Everything derived from orders: both order lists and the dashboard stats. */
export function invalidateOrderData(queryClient: ReturnType<typeof useQueryClient>): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: OPEN_ORDERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY }),
  ]);
}

/**
 * POST /api/orders/refresh (fetches orders from Faire; may take a few seconds), then refetches the order
 * lists and stats. Toasts 'Orders Refreshed' or 'Refresh Failed'.
 */
export function useRefreshOrders() {
  const queryClient = useQueryClient();
  const dataProvider = useOrdersActions();
  const toast = useToast();
  return useMutation({
    mutationKey: ['refresh-orders'],
    mutationFn: () => dataProvider.refreshOrders(),
    onSuccess: (data) => {
      const message = typeof data?.message === 'string' ? data.message.trim() : '';
      toast({
        title: 'Orders Refreshed',
        description: message && message.toLowerCase() !== 'orders refreshed' ? message : undefined,
        variant: 'success',
      });
    },
    // The spec's text, then the server's reason ("Faire did not answer...", "Connect Faire first...").
    onError: (err) => {
      const reason = err instanceof ApiError ? err.userMessage.trim() : '';
      toast({
        title: 'Refresh Failed',
        description: reason ? `Failed to refresh orders. ${reason}` : 'Failed to refresh orders',
        variant: 'destructive',
      });
    },
    onSettled: () => invalidateOrderData(queryClient),
  });
}
