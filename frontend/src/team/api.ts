import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage, getQueryFn } from '../api/request';
import type { CompanyRole } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';

export type MemberStatus = 'ACTIVE' | 'INVITED' | 'PENDING';

export interface TeamMember {
  id: string;
  role: CompanyRole;
  status: MemberStatus;
  createdAt: string;
  user: { name: string | null; email: string };
  isCurrentUser: boolean;
  invitationExpiresAt: string | null;
}

/** An invitation email the development server recorded instead of sending. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  link: string;
  createdAt: string;
}

export const MEMBERS_QUERY_KEY = ['/api/team/members'] as const;
export const OUTBOX_QUERY_KEY = ['/api/team/outbox'] as const;

export const ROLES: readonly CompanyRole[] = ['COMPANY_ADMIN', 'COMPANY_USER'];
export const ROLE_LABELS: Record<CompanyRole, string> = { COMPANY_ADMIN: 'Admin', COMPANY_USER: 'User' };

export function useTeamMembers() {
  return useQuery<TeamMember[] | null>({
    queryKey: MEMBERS_QUERY_KEY,
    queryFn: getQueryFn<TeamMember[]>({ on401: 'throw' }),
  });
}

/** Development only: the server answers 404 in production, and the card then stays hidden. */
export function useMailOutbox(enabled: boolean) {
  return useQuery<OutboxMail[] | null>({
    queryKey: OUTBOX_QUERY_KEY,
    queryFn: getQueryFn<OutboxMail[]>({ on401: 'throw' }),
    enabled,
  });
}

function useTeamMutation<TInput>(options: {
  request: (input: TInput) => Promise<unknown>;
  success: string | ((input: TInput) => { title: string; description?: string });
  failure: string;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: options.request,
    onSuccess: (_data, input) => {
      const t = typeof options.success === 'string' ? { title: options.success } : options.success(input);
      toast({ ...t, variant: 'success' });
    },
    onError: (err) =>
      toast({ title: options.failure, description: errorMessage(err), variant: 'destructive' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
      ]),
  });
}

export function useInviteMember() {
  return useTeamMutation<{ email: string; role: CompanyRole }>({
    request: (input) => apiRequest<TeamMember>('POST', '/api/team/invite', input),
    success: ({ email }) => ({
      title: 'Invitation sent',
      description: `We emailed an invitation to ${email}`,
    }),
    failure: 'Failed to invite user',
  });
}

export function useRemoveMember() {
  return useTeamMutation<TeamMember>({
    request: (member) => apiRequest('DELETE', `/api/team/members/${encodeURIComponent(member.id)}`),
    success: 'Member removed',
    failure: 'Failed to remove member',
  });
}

export function useChangeRole() {
  return useTeamMutation<{ member: TeamMember; role: CompanyRole }>({
    request: ({ member, role }) =>
      apiRequest<TeamMember>('PATCH', `/api/team/members/${encodeURIComponent(member.id)}/role`, { role }),
    success: ({ member, role }) => ({
      title: 'Role updated',
      description: `${displayName(member)} is now ${ROLE_LABELS[role] === 'Admin' ? 'an Admin' : 'a User'}`,
    }),
    failure: 'Failed to update role',
  });
}

export function useResendInvite() {
  return useTeamMutation<TeamMember>({
    request: (member) => apiRequest('POST', `/api/team/resend-invite/${encodeURIComponent(member.id)}`),
    success: (member) => ({ title: 'Invitation resent', description: `Sent again to ${member.user.email}` }),
    failure: 'Failed to resend invitation',
  });
}

export function displayName(member: TeamMember): string {
  return member.user.name?.trim() || member.user.email;
}

/** "Jan 5, 2026" */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
