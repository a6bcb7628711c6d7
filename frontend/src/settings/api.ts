import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../api/request';
import { ME_QUERY_KEY } from '../auth/useCurrentUser';
import { BRAND_PROFILE_QUERY_KEY, CONNECTION_QUERY_KEY, useConnectActions } from '../connect';
import { useToast } from '../notifications/toast';
import { invalidateOrderData } from '../orders';
import { useSettingsActions } from './provider';
import type { Thresholds } from './thresholds';

export const SETTINGS_QUERY_KEY = ['/api/company-settings'] as const;

export function useCompanySettings(enabled: boolean) {
  const dataProvider = useSettingsActions();
  return useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => dataProvider.getCompanySettings(),
    enabled,
  });
}

/** PUT /api/company-settings; the server recalculates every order, so order data is refetched after. */
export function useSaveThresholds() {
  const queryClient = useQueryClient();
  const dataProvider = useSettingsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (thresholds: Thresholds) => dataProvider.saveCompanySettings(thresholds),
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
  const dataProvider = useConnectActions();
  const toast = useToast();
  return useMutation({
    mutationFn: () => dataProvider.disconnectFaire(),
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

export const DIGEST_QUERY_KEY = ['/api/digest/preferences'] as const;

/** The caller's daily digest choice, and whether it is sent to them. */
export function useDigestPreference() {
  const dataProvider = useSettingsActions();
  return useQuery({ queryKey: DIGEST_QUERY_KEY, queryFn: () => dataProvider.getDigestPreference() });
}

export function useSaveDigestPreference() {
  const queryClient = useQueryClient();
  const dataProvider = useSettingsActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (dailyDigest: boolean) => dataProvider.saveDigestPreference(dailyDigest),
    onSuccess: (saved) => {
      queryClient.setQueryData(DIGEST_QUERY_KEY, saved);
      toast({ title: 'Settings updated', variant: 'success' });
    },
    onError: (err) =>
      toast({ title: 'Update failed', description: errorMessage(err), variant: 'destructive' }),
  });
}
