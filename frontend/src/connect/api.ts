import { useQuery } from '@tanstack/react-query';
import { ApiError, getQueryFn } from '../api/request';

/** The company's one Faire connection, as GET /api/faire/connection answers it. */
export type FaireConnection =
  | { status: 'NO_COMPANY' }
  | { status: 'NOT_CONNECTED'; canManage: boolean }
  | {
      status: 'CONNECTED' | 'FAILED';
      /** True for a company admin: only they connect, reconnect, change the brand or disconnect. */
      canManage: boolean;
      brandId: string;
      brandName: string | null;
      currency: string;
      authMode: string;
      connectedAt: string;
      connectedByName: string | null;
      lastError: string | null;
    };

export type ConnectIntent = 'connect' | 'reconnect' | 'change';

/** The authorize URL to ask for; `change` says the admin confirmed switching brands. */
export function authorizeUrlFor(intent: ConnectIntent): string {
  return `${AUTHORIZE_URL}?intent=${intent}`;
}

export const CONNECTION_QUERY_KEY = ['/api/faire/connection'] as const;
export const BRAND_PROFILE_QUERY_KEY = ['/api/faire/brand-profile'] as const;
export const AUTHORIZE_URL = '/api/oauth/faire/authorize';

/** GET /api/faire/connection; `pollMs` re-reads it on an interval, even while the tab is in the background. */
export function useFaireConnection(options: { pollMs?: number | false; enabled?: boolean } = {}) {
  return useQuery<FaireConnection | null>({
    queryKey: CONNECTION_QUERY_KEY,
    queryFn: getQueryFn<FaireConnection>({ on401: 'throw' }),
    refetchInterval: options.pollMs ?? false,
    refetchIntervalInBackground: true,
    enabled: options.enabled ?? true,
  });
}

/** GET /api/faire/brand-profile: the live brand name; call only when the company has a connection. */
export function useBrandProfile(enabled: boolean) {
  return useQuery<{ name: string } | null>({
    queryKey: BRAND_PROFILE_QUERY_KEY,
    queryFn: getQueryFn<{ name: string }>({ on401: 'throw' }),
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
