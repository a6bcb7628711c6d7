import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api/request';
import type { ResponseOf } from '../api/schema';
import { AUTHORIZE_URL, authorizeUrlFor, useConnectActions, type ConnectIntent } from './provider';

/** The company's one Faire connection, as GET /api/faire/connection answers it. */
export type FaireConnection = ResponseOf<'/api/faire/connection', 'get'>;

export type { ConnectIntent };
export { AUTHORIZE_URL, authorizeUrlFor };

export const CONNECTION_QUERY_KEY = ['/api/faire/connection'] as const;
export const BRAND_PROFILE_QUERY_KEY = ['/api/faire/brand-profile'] as const;

/** GET /api/faire/connection; `pollMs` re-reads it on an interval, even while the tab is in the background. */
export function useFaireConnection(options: { pollMs?: number | false; enabled?: boolean } = {}) {
  const dataProvider = useConnectActions();
  return useQuery({
    queryKey: CONNECTION_QUERY_KEY,
    queryFn: () => dataProvider.getFaireConnection(),
    refetchInterval: options.pollMs ?? false,
    refetchIntervalInBackground: true,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/faire/brand-profile: the live brand name; call only when the company has a connection. */
export function useBrandProfile(enabled: boolean) {
  const dataProvider = useConnectActions();
  return useQuery({
    queryKey: BRAND_PROFILE_QUERY_KEY,
    queryFn: () => dataProvider.getBrandProfile(),
    enabled,
  });
}

/** Faire refused the stored token (502 MARKETPLACE_REFUSED): the connection has failed. */
export function isMarketplaceRefused(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 502) return false;
  try {
    return (JSON.parse(err.bodyText) as { code?: unknown }).code === 'MARKETPLACE_REFUSED';
  } catch {
    return false;
  }
}
