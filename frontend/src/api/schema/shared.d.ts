// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas several modules use. */
export interface SharedSchemas {
  OkView: {
    ok: true;
  };
  CurrentUserCompanyView: {
    id: string;
    name: string;
    role: 'COMPANY_ADMIN' | 'COMPANY_USER';
  };
  CurrentUserView: {
    id: string;
    name: string;
    email: string;
    isAdmin: boolean;
    hasFaireToken: boolean;
    company: components['schemas']['CurrentUserCompanyView'] | null;
    message?: string;
  };
  MessageView: {
    message: string;
  };
  TeamMemberUserView: {
    name: string | null;
    email: string;
  };
  TeamMemberView: {
    id: string;
    role: 'COMPANY_ADMIN' | 'COMPANY_USER';
    status: 'ACTIVE' | 'INVITED' | 'PENDING';
    createdAt: string;
    user: components['schemas']['TeamMemberUserView'];
    isCurrentUser: boolean;
    invitationExpiresAt: string | null;
    /** After an invitation was sent: EMAIL when it was emailed; without a mail server OUTBOX (kept in the development outbox) or NOT_SENT (production) */
    invitationDelivery?: 'EMAIL' | 'OUTBOX' | 'NOT_SENT';
  };
  ActivityItemView: {
    id: string;
    /** UTC, ISO 8601 */
    timestamp: string;
    userId: string | null;
    actorEmail: string | null;
    /** Whether the actor was a platform admin */
    isAdmin: boolean;
    /** The actor's role in the company when it happened (null before it was recorded) */
    actorRole: 'COMPANY_ADMIN' | 'COMPANY_USER' | null;
    companyId: string | null;
    companyName: string | null;
    action: string;
    target: string | null;
    /** Never secrets */
    details: Record<string, unknown>;
  };
  ActivityPageView: {
    items: components['schemas']['ActivityItemView'][];
    total: number;
  };
}
