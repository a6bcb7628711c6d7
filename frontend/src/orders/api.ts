import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePortalDataProvider } from '../api/dataProvider';
import { ApiError, getQueryFn } from '../api/request';
import { useToast } from '../notifications/toast';
import type { AnalyticsStats, LateRate, OrdersResponse } from './types';

export const OPEN_ORDERS_QUERY_KEY = ['/api/orders'] as const;
/** Fetched as /api/orders/problem; invalidating OPEN_ORDERS_QUERY_KEY refreshes it too. */
export const PROBLEM_ORDERS_QUERY_KEY = ['/api/orders', 'problem'] as const;
export const STATS_QUERY_KEY = ['/api/analytics/stats'] as const;
/** Fetched as /api/orders/late-rate; invalidating OPEN_ORDERS_QUERY_KEY refreshes it too. */
export const LATE_RATE_QUERY_KEY = ['/api/orders', 'late-rate'] as const;

export function useOpenOrders() {
  return useQuery<OrdersResponse | null>({
    queryKey: OPEN_ORDERS_QUERY_KEY,
    queryFn: getQueryFn<OrdersResponse>({ on401: 'throw' }),
  });
}

export function useProblemOrders() {
  return useQuery<OrdersResponse | null>({
    queryKey: PROBLEM_ORDERS_QUERY_KEY,
    queryFn: getQueryFn<OrdersResponse>({ on401: 'throw' }),
  });
}

export function useLateRate(enabled = true) {
  return useQuery<LateRate | null>({
    queryKey: LATE_RATE_QUERY_KEY,
    queryFn: getQueryFn<LateRate>({ on401: 'throw' }),
    enabled,
  });
}

export function useOrderStats(enabled = true) {
  return useQuery<AnalyticsStats | null>({
    queryKey: STATS_QUERY_KEY,
    queryFn: getQueryFn<AnalyticsStats>({ on401: 'throw' }),
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
  const dataProvider = usePortalDataProvider();
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
