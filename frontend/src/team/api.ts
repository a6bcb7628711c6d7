import type { MemberStatus } from '@portal/shipment-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useListController } from 'react-admin';
import { useTeamActions, type TeamActions } from './provider';
import { errorMessage } from '../api/request';
import type { CompanyRole } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';
import type { Schema } from '../api/schema';
import { deliveryOf, deliveryText, type InvitationDelivery } from '../shared/invitations';
import { ROLE_LABELS, ROLES } from '../shared/roles';

export type { MemberStatus };

/** A member or invitation of the team, as the API's contract says (docs/openapi.json). */
export type TeamMember = Schema<'TeamMemberView'>;

export type { InvitationDelivery };
export { deliveryOf, deliveryText };

/** An invitation email the development server recorded instead of sending. */
export type OutboxMail = Schema<'OutboxMessageView'>;

/** react-admin keys the members list by its resource name. */
export const MEMBERS_QUERY_KEY = ['members'] as const;
export const OUTBOX_QUERY_KEY = ['/api/team/outbox'] as const;

export { ROLES, ROLE_LABELS };

/**
 * The members as a react-admin list of the `members` resource (the team is answered whole, one page).
 * Errors show in the page, not as a toast.
 */
export function useTeamMembers(enabled = true) {
  return useListController<TeamMember>({
    resource: 'members',
    perPage: 1000,
    storeKey: false,
    disableSyncWithLocation: true,
    // The layout has checked the session; who may read the team is `canAccess(user, 'list', 'members')`.
    disableAuthentication: true,
    queryOptions: { enabled, onError: () => undefined },
  });
}

/** Development only: the server answers 404 in production, and the card then stays hidden. */
export function useMailOutbox(enabled: boolean) {
  const dataProvider = useTeamActions();
  return useQuery({
    queryKey: OUTBOX_QUERY_KEY,
    queryFn: () => dataProvider.getMailOutbox(),
    enabled,
  });
}

function useTeamMutation<TInput>(options: {
  request: (dataProvider: TeamActions, input: TInput) => Promise<unknown>;
  success: string | ((input: TInput, result: unknown) => { title: string; description?: string });
  failure: string;
}) {
  const queryClient = useQueryClient();
  const dataProvider = useTeamActions();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: TInput) => options.request(dataProvider, input),
    onSuccess: (data, input) => {
      const t =
        typeof options.success === 'string' ? { title: options.success } : options.success(input, data);
      toast({ ...t, variant: 'success' });
    },
    onError: (err) =>
      toast({ title: options.failure, description: errorMessage(err), variant: 'destructive' }),
    // Every team action is also a line of the company's activity log (the card below the list).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: MEMBERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['activity'] }),
      ]),
  });
}

export function useInviteMember() {
  return useTeamMutation<{ email: string; role: CompanyRole }>({
    request: (dp, input) => dp.inviteMember(input),
    success: ({ email }, result) => ({
      title: 'Invitation sent',
      description: deliveryText(email, deliveryOf(result), 'the Development mail outbox below'),
    }),
    failure: 'Failed to invite user',
  });
}

export function useRemoveMember() {
  return useTeamMutation<TeamMember>({
    request: (dp, member) => dp.removeMember(member.id),
    success: 'Member removed',
    failure: 'Failed to remove member',
  });
}

export function useChangeRole() {
  return useTeamMutation<{ member: TeamMember; role: CompanyRole }>({
    request: (dp, { member, role }) => dp.changeMemberRole(member.id, role),
    success: ({ member, role }) => ({
      title: 'Role updated',
      description: `${displayName(member)} is now ${ROLE_LABELS[role] === 'Admin' ? 'an Admin' : 'a User'}`,
    }),
    failure: 'Failed to update role',
  });
}

export function useResendInvite() {
  return useTeamMutation<TeamMember>({
    request: (dp, member) => dp.resendInvite(member.id),
    success: (member, result) => {
      const delivery = deliveryOf(result);
      return {
        title: 'Invitation resent',
        description:
          delivery === 'OUTBOX' || delivery === 'NOT_SENT'
            ? deliveryText(member.user.email, delivery, 'the Development mail outbox below')
            : `Sent again to ${member.user.email}`,
      };
    },
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
