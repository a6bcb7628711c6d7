import type { QueryClient } from '@tanstack/react-query';

/**
 * Prefix of every shipment list query (react-admin keys its queries by resource); invalidating it
 * refreshes the history whatever its filters.
 */
export const SHIPMENTS_QUERY_KEY = ['shipments'] as const;
export const ANALYTICS_STATS_QUERY_KEY = ['/api/analytics/stats'] as const;

/**
 * The history and the dashboard stats, after shipments were created or retried. Here, below every
 * feature, because uploads, retries and connected sources all create shipments.
 */
export function invalidateShipmentData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SHIPMENTS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ANALYTICS_STATS_QUERY_KEY }),
  ]);
}

/** The source connections' query (Settings › Integrations, the dashboard's cards). */
export const INTEGRATIONS_QUERY_KEY = ['integrations'] as const;
/** Prefix of the held labels' list queries (react-admin keys its queries by resource). */
export const ATTENTION_QUERY_KEY = ['attention'] as const;

/**
 * The connections and the held items, after a source was connected or changed. Here because a
 * connector's own form (connectors/) connects it, and the integrations screens read the result.
 */
export function invalidateIntegrations(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: INTEGRATIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ATTENTION_QUERY_KEY }),
  ]);
}
