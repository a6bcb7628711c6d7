import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../api/request';
import type { CompanyRole } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';
import { deliveryOf, deliveryText } from '../shared/invitations';
import { ADMIN_ACTIVITY_PATH, useAdminActions, type ActivityParams } from './provider';

import type { Schema } from '../api/schema';

export type ConfigSource = Schema<'ConfigFieldView'>['source'];
/** One application setting as the server shows it: never a secret, only whether it is set. */
export type ConfigField = Schema<'ConfigFieldView'>;
export type AdminConfig = Schema<'AppConfigView'>;
/** Spec "Config payload": every field optional; an empty string removes the saved value. */
export type ConfigPayload = Schema<'SaveAppConfigDto'>;
export type TestApiResult = Schema<'TestApiView'>;
/** A company's Faire connection as the platform admin sees it (one per company). */
export type AdminFaireConnection = Schema<'AdminFaireConnectionView'>;
export type AdminUser = Schema<'AdminUserView'>;
export type AdminStats = Schema<'AdminStatsView'>;
export type QueueDepth = Schema<'QueueDepthView'>;
/** One entry of the activity log (`GET /api/team/activity`, `GET /api/admin/activity`). */
export type ActivityItem = Schema<'ActivityItemView'>;
export type ActivityPage = Schema<'ActivityPageView'>;
export type { ActivityParams };
export type AdminCompany = Schema<'AdminCompanyView'>;

export const CONFIG_QUERY_KEY = ['/api/admin/config'] as const;
export const USERS_QUERY_KEY = ['/api/admin/users'] as const;
export const STATS_QUERY_KEY = ['/api/admin/stats'] as const;
export const COMPANIES_QUERY_KEY = ['/api/admin/companies'] as const;
/** The bull-board dashboard (server-rendered, platform admins only). */
export const QUEUE_DASHBOARD_URL = '/api/admin/queues';

export const RECENT_ACTIVITY_LIMIT = 10;

export function useAdminConfig() {
  const dataProvider = useAdminActions();
  return useQuery({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: () => dataProvider.getAdminConfig(),
  });
}

export function useAdminUsers() {
  const dataProvider = useAdminActions();
  return useQuery({
    queryKey: USERS_QUERY_KEY,
    queryFn: () => dataProvider.getAdminUsers(),
  });
}

export function useAdminStats() {
  const dataProvider = useAdminActions();
  return useQuery({
    queryKey: STATS_QUERY_KEY,
    queryFn: () => dataProvider.getAdminStats(),
  });
}

export function useAdminCompanies(enabled: boolean) {
  const dataProvider = useAdminActions();
  return useQuery({
    queryKey: COMPANIES_QUERY_KEY,
    queryFn: () => dataProvider.getAdminCompanies(),
    enabled,
  });
}

/** One page of an activity log (the whole log, `/api/admin/activity`; the company's is the `activity` list). */
export function useActivityPage(params: ActivityParams, options: { fresh?: boolean } = {}) {
  const dataProvider = useAdminActions();
  return useQuery({
    queryKey: [ADMIN_ACTIVITY_PATH, params],
    queryFn: () => dataProvider.getAdminActivity(params),
    placeholderData: (previous) => previous,
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/** After anything the admin changes, the lists and the log are read again. */
function useRefreshAdmin() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: CONFIG_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: [ADMIN_ACTIVITY_PATH] }),
    ]);
}

export function useSaveConfig() {
  const toast = useToast();
  const refresh = useRefreshAdmin();
  const dataProvider = useAdminActions();
  return useMutation({
    mutationFn: (payload: ConfigPayload) => dataProvider.saveAdminConfig(payload),
    onSuccess: () =>
      toast({
        title: 'Configuration saved',
        description: 'API configuration updated successfully',
        variant: 'success',
      }),
    onError: (err) => toast({ title: 'Save failed', description: errorMessage(err), variant: 'destructive' }),
    onSettled: refresh,
  });
}

export function useTestConnection() {
  const toast = useToast();
  const dataProvider = useAdminActions();
  return useMutation({
    mutationFn: () => dataProvider.testFaireApi(),
    onSuccess: (result) =>
      result.connected
        ? toast({
            title: 'API Connected',
            description: result.message || 'Successfully connected to Faire API',
            variant: 'success',
          })
        : toast({
            title: 'API Disconnected',
            description: result.message || 'Failed to connect to Faire API',
            variant: 'destructive',
          }),
    onError: (err) =>
      toast({ title: 'Connection test failed', description: errorMessage(err), variant: 'destructive' }),
  });
}

export function useAdminInvite() {
  const toast = useToast();
  const refresh = useRefreshAdmin();
  const dataProvider = useAdminActions();
  return useMutation({
    mutationFn: (input: { companyId: string; email: string; role: CompanyRole }) =>
      dataProvider.adminInvite(input),
    onSuccess: (data, input) =>
      toast({
        title: 'Invitation sent',
        description: deliveryText(
          input.email,
          deliveryOf(data),
          "the company's Development mail outbox (Team Management)",
        ),
        variant: 'success',
      }),
    onError: (err) =>
      toast({ title: 'Failed to invite user', description: errorMessage(err), variant: 'destructive' }),
    onSettled: refresh,
  });
}

/** Releases a company's Faire connection (revoked on Faire, then forgotten), e.g. a brand two companies hold. */
export function useReleaseConnection() {
  const toast = useToast();
  const refresh = useRefreshAdmin();
  const dataProvider = useAdminActions();
  return useMutation({
    mutationFn: (input: { companyId: string; companyName: string; brandName: string }) =>
      dataProvider.releaseFaireConnection(input.companyId),
    onSuccess: (_data, input) =>
      toast({
        title: 'Connection released',
        description: `${input.companyName} is no longer connected to ${input.brandName}`,
        variant: 'success',
      }),
    onError: (err) =>
      toast({
        title: 'Failed to release connection',
        description: errorMessage(err),
        variant: 'destructive',
      }),
    onSettled: refresh,
  });
}
