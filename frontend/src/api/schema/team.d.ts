// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `team` routes use. */
export interface TeamSchemas {
  InviteDto: {
    email: string;
    role?: 'COMPANY_ADMIN' | 'COMPANY_USER';
  };
  ChangeRoleDto: {
    role: 'COMPANY_ADMIN' | 'COMPANY_USER';
  };
  ResentInvitationView: {
    ok: true;
    invitationDelivery: 'EMAIL' | 'OUTBOX' | 'NOT_SENT';
  };
  AcceptInviteDto: {
    token: string;
  };
  OutboxMessageView: {
    id: string;
    to: string;
    subject: string;
    text: string;
    link: string | null;
    createdAt: string;
    /** The invitation link: ACTIVE (opens the invitation), USED (accepted), REPLACED (a newer link was sent), WITHDRAWN (the invitation was removed), EXPIRED */
    linkState: 'ACTIVE' | 'USED' | 'REPLACED' | 'WITHDRAWN' | 'EXPIRED' | null;
  };
}

/** The `team` routes. */
export interface TeamPaths {
  '/api/team/members': {
    get: { response: components['schemas']['TeamMemberView'][] };
  };
  '/api/team/invite': {
    post: { response: components['schemas']['TeamMemberView']; body: components['schemas']['InviteDto'] };
  };
  '/api/team/members/{memberId}': {
    delete: { response: components['schemas']['OkView'] };
  };
  '/api/team/members/{memberId}/role': {
    patch: {
      response: components['schemas']['TeamMemberView'];
      body: components['schemas']['ChangeRoleDto'];
    };
  };
  '/api/team/resend-invite/{memberId}': {
    post: { response: components['schemas']['ResentInvitationView'] };
  };
  '/api/team/accept-invite': {
    post: {
      response: components['schemas']['CurrentUserView'];
      body: components['schemas']['AcceptInviteDto'];
    };
  };
  '/api/team/outbox': {
    get: { response: components['schemas']['OutboxMessageView'][] };
  };
  '/api/team/activity': {
    get: { response: components['schemas']['ActivityPageView'] };
  };
}
