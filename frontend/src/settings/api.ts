import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, getQueryFn } from '../api/request';
import { ME_QUERY_KEY } from '../auth/useCurrentUser';
import { BRAND_PROFILE_QUERY_KEY, CONNECTION_QUERY_KEY } from '../connect';
import { useToast } from '../notifications/toast';
import { invalidateOrderData } from '../orders';
import type { Thresholds } from './thresholds';

export const SETTINGS_QUERY_KEY = ['/api/company-settings'] as const;

export function useCompanySettings(enabled: boolean) {
  return useQuery<Thresholds | null>({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: getQueryFn<Thresholds>({ on401: 'throw' }),
    enabled,
  });
}

/** PUT /api/company-settings; the server recalculates every order, so order data is refetched after. */
export function useSaveThresholds() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (thresholds: Thresholds) =>
      apiRequest<Thresholds>('PUT', '/api/company-settings', thresholds),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      toast({ title: 'Settings updated', variant: 'success' });
      void invalidateOrderData(queryClient);
    },
    onError: (err) =>
      toast({ title: 'Update failed', description: errorMessage(err), variant: 'destructive' }),
  });
}

/** DELETE /api/faire/connection: revokes and forgets the user's Faire token. */
export function useDisconnectFaire() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => apiRequest<{ ok: true }>('DELETE', '/api/faire/connection'),
    onSuccess: async () => {
      toast({ title: 'Faire account disconnected', variant: 'success' });
      queryClient.removeQueries({ queryKey: BRAND_PROFILE_QUERY_KEY });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CONNECTION_QUERY_KEY }),
      ]);
    },
    onError: (err) =>
      toast({ title: 'Disconnect failed', description: errorMessage(err), variant: 'destructive' }),
  });
}
