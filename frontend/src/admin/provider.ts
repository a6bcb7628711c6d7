import { resourceProvider, useActions, type BodyOf } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

export interface ActivityParams {
  page: number;
  limit: number;
  action?: string;
}

export const ADMIN_ACTIVITY_PATH = '/api/admin/activity';

export function activityUrl(path: string, params: ActivityParams): string {
  const search = new URLSearchParams({ page: String(params.page), limit: String(params.limit) });
  if (params.action) search.set('action', params.action);
  return `${path}?${search.toString()}`;
}

/** The platform admin's panel: application settings, users, companies, stats and the whole log. */
export const adminProvider = resourceProvider({
  actions: {
    getAdminConfig: () => apiRequest<ResponseOf<'/api/admin/config', 'get'>>('GET', '/api/admin/config'),
    /** Every field optional; an empty string removes the saved value. */
    saveAdminConfig: (payload: BodyOf<'/api/admin/config', 'post'>) =>
      apiRequest<ResponseOf<'/api/admin/config', 'post'>>('POST', '/api/admin/config', payload),
    testFaireApi: () => apiRequest<ResponseOf<'/api/admin/test-api', 'post'>>('POST', '/api/admin/test-api'),
    getAdminUsers: () => apiRequest<ResponseOf<'/api/admin/users', 'get'>>('GET', '/api/admin/users'),
    getAdminStats: () => apiRequest<ResponseOf<'/api/admin/stats', 'get'>>('GET', '/api/admin/stats'),
    getAdminCompanies: () =>
      apiRequest<ResponseOf<'/api/admin/companies', 'get'>>('GET', '/api/admin/companies'),
    /** One page of the whole activity log. */
    getAdminActivity: (params: ActivityParams) =>
      apiRequest<ResponseOf<'/api/admin/activity', 'get'>>('GET', activityUrl(ADMIN_ACTIVITY_PATH, params)),
    adminInvite: (input: BodyOf<'/api/admin/invite', 'post'>) =>
      apiRequest<ResponseOf<'/api/admin/invite', 'post'>>('POST', '/api/admin/invite', input),
    /** Releases a company's Faire connection (revoked on Faire, then forgotten). */
    releaseFaireConnection: (companyId: string) =>
      apiRequest<ResponseOf<'/api/admin/companies/{companyId}/faire-connection', 'delete'>>(
        'DELETE',
        `/api/admin/companies/${encodeURIComponent(companyId)}/faire-connection`,
      ),
  },
});

export type AdminActions = typeof adminProvider.actions;
export const useAdminActions = () => useActions<AdminActions>();
