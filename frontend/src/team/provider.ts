import type { CompanyRole } from '@portal/shipment-rules';
import { filterText, resourceProvider, useActions } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';
import type { GetListParams } from 'react-admin';

/** `GET /api/team/activity`: one page, optionally one action (`invitation.sent`). */
export function activityListUrl(params: Partial<GetListParams>): string {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
  const q = new URLSearchParams({ page: String(page), limit: String(perPage) });
  const action = filterText((params.filter as Record<string, unknown> | undefined)?.action);
  if (action) q.set('action', action);
  return `/api/team/activity?${q.toString()}`;
}

const id = encodeURIComponent;

/** The team: its `members` and `activity` lists, invitations, roles, the development outbox. */
export const teamProvider = resourceProvider({
  lists: {
    async members() {
      // The team is small and answered whole; the list shows it on one page.
      const members = await apiRequest<ResponseOf<'/api/team/members', 'get'>>('GET', '/api/team/members');
      return { data: members, total: members.length };
    },
    async activity(params) {
      const body = await apiRequest<ResponseOf<'/api/team/activity', 'get'>>('GET', activityListUrl(params));
      return { data: body.items, total: body.total };
    },
  },
  actions: {
    inviteMember: (input: { email: string; role: CompanyRole }) =>
      apiRequest<ResponseOf<'/api/team/invite', 'post'>>('POST', '/api/team/invite', input),
    removeMember: (memberId: string) =>
      apiRequest<ResponseOf<'/api/team/members/{memberId}', 'delete'>>(
        'DELETE',
        `/api/team/members/${id(memberId)}`,
      ),
    changeMemberRole: (memberId: string, role: CompanyRole) =>
      apiRequest<ResponseOf<'/api/team/members/{memberId}/role', 'patch'>>(
        'PATCH',
        `/api/team/members/${id(memberId)}/role`,
        { role },
      ),
    resendInvite: (memberId: string) =>
      apiRequest<ResponseOf<'/api/team/resend-invite/{memberId}', 'post'>>(
        'POST',
        `/api/team/resend-invite/${id(memberId)}`,
      ),
    /** Development only: the server answers 404 in production. */
    getMailOutbox: () => apiRequest<ResponseOf<'/api/team/outbox', 'get'>>('GET', '/api/team/outbox'),
    /** Joins the invitation's company; answers the caller's session as it now stands. */
    acceptInvite: (token: string) =>
      apiRequest<ResponseOf<'/api/team/accept-invite', 'post'>>('POST', '/api/team/accept-invite', { token }),
  },
});

export type TeamActions = typeof teamProvider.actions;
export const useTeamActions = () => useActions<TeamActions>();
