import type { ActivityItem } from '@portal/shipment-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, getQueryFn } from '../api/request';
import type { CompanyRole } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';
import { deliveryOf, deliveryText } from '../shared/invitations';

export type ConfigSource = 'database' | 'environment' | null;

/** One application setting as the server shows it: never a secret, only whether it is set. */
export interface ConfigField {
  set: boolean;
  /** The full value, for ids only. */
  value?: string | null;
  last4: string | null;
  source: ConfigSource;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface AdminConfig {
  faireApplicationId: ConfigField;
  faireApplicationSecret: ConfigField;
  googleClientId: ConfigField;
  googleClientSecret: ConfigField;
}

/** Spec "Config payload": every field optional; an empty string removes the saved value. */
export interface ConfigPayload {
  faireApplicationId?: string;
  faireApplicationSecret?: string;
  googleClientId?: string;
  googleClientSecret?: string;
}

export interface TestApiResult {
  connected: boolean;
  message: string;
}

/** A company's Faire connection as the platform admin sees it (one per company). */
export interface AdminFaireConnection {
  brandId?: string;
  brandName: string;
  status: string;
  currency?: string;
  connectedByName: string | null;
  /** Another company is connected to the same brand: to resolve. */
  brandShared: boolean;
}

export interface AdminUser {
  id: string;
  name: string;
  email: string;
  hasFaireToken: boolean;
  isAdmin: boolean;
  companyName: string | null;
  /** The user's company (null without one). */
  companyId: string | null;
  /** The Faire connection of the user's company (one per company). */
  faireConnection?: AdminFaireConnection | null;
  lastSignInAt: string | null;
}

export interface AdminStats {
  totalUsers: number;
  totalShipments: number;
  activeUsers: number;
  system: {
    api: 'Connected' | 'Disconnected';
    database: 'Operational' | 'Down';
    oauth: 'Active' | 'Not configured';
    queue: 'Operational' | 'Down';
    /** Uploads whose rows are still not all shipments after the recovery delay. */
    stuckUploads?: number;
  };
  capacity?: {
    pool: { size: number; open: number; inUse: number; waiting: number };
    databaseConnections: number | null;
    databaseMaxConnections: number | null;
    queues: { shipments: QueueDepth | null; orders: QueueDepth | null };
  };
}

export interface QueueDepth {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export type { ActivityItem };

export interface ActivityPage {
  items: ActivityItem[];
  total: number;
}

export interface ActivityParams {
  page: number;
  limit: number;
  action?: string;
}

export interface AdminCompany {
  id: string;
  name: string;
  members: number;
  faireConnection?: AdminFaireConnection | null;
}

export const CONFIG_QUERY_KEY = ['/api/admin/config'] as const;
export const USERS_QUERY_KEY = ['/api/admin/users'] as const;
export const STATS_QUERY_KEY = ['/api/admin/stats'] as const;
export const COMPANIES_QUERY_KEY = ['/api/admin/companies'] as const;
export const ADMIN_ACTIVITY_PATH = '/api/admin/activity';
/** The bull-board dashboard (server-rendered, platform admins only). */
export const QUEUE_DASHBOARD_URL = '/api/admin/queues';

export const RECENT_ACTIVITY_LIMIT = 10;

export function useAdminConfig() {
  return useQuery<AdminConfig | null>({
    queryKey: CONFIG_QUERY_KEY,
    queryFn: getQueryFn<AdminConfig>({ on401: 'throw' }),
  });
}

export function useAdminUsers() {
  return useQuery<AdminUser[] | null>({
    queryKey: USERS_QUERY_KEY,
    queryFn: getQueryFn<AdminUser[]>({ on401: 'throw' }),
  });
}

export function useAdminStats() {
  return useQuery<AdminStats | null>({
    queryKey: STATS_QUERY_KEY,
    queryFn: getQueryFn<AdminStats>({ on401: 'throw' }),
  });
}

export function useAdminCompanies(enabled: boolean) {
  return useQuery<AdminCompany[] | null>({
    queryKey: COMPANIES_QUERY_KEY,
    queryFn: getQueryFn<AdminCompany[]>({ on401: 'throw' }),
    enabled,
  });
}

export function activityUrl(path: string, params: ActivityParams): string {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.action) search.set('action', params.action);
  return `${path}?${search.toString()}`;
}

/** One page of an activity log (the whole log, `/api/admin/activity`; the company's is the `activity` list). */
export function useActivityPage(path: string, params: ActivityParams, options: { fresh?: boolean } = {}) {
  return useQuery<ActivityPage>({
    queryKey: [path, params],
    queryFn: () => apiRequest<ActivityPage>('GET', activityUrl(path, params)),
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
  return useMutation({
    mutationFn: (payload: ConfigPayload) => apiRequest<AdminConfig>('POST', '/api/admin/config', payload),
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
  return useMutation({
    mutationFn: () => apiRequest<TestApiResult>('POST', '/api/admin/test-api'),
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
  return useMutation({
    mutationFn: (input: { companyId: string; email: string; role: CompanyRole }) =>
      apiRequest('POST', '/api/admin/invite', input),
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
  return useMutation({
    mutationFn: (input: { companyId: string; companyName: string; brandName: string }) =>
      apiRequest('DELETE', `/api/admin/companies/${encodeURIComponent(input.companyId)}/faire-connection`),
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
