import type { ActivityItem } from '../admin/api';
import type { CurrentUser } from '../auth/useCurrentUser';

export const ann: CurrentUser = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  isAdmin: false,
  hasFaireToken: false,
  company: null,
};

export const annAtAcme = (role: 'COMPANY_ADMIN' | 'COMPANY_USER' = 'COMPANY_ADMIN'): CurrentUser => ({
  ...ann,
  company: { id: 'c1', name: 'Acme', role },
});

/** One line of Acme's activity log, by Ann; tests name what differs. */
export const annActivity = (
  over: Partial<ActivityItem> & Pick<ActivityItem, 'id' | 'action'>,
): ActivityItem => ({
  timestamp: new Date(2026, 0, 5, 16, 20).toISOString(),
  userId: 'u1',
  actorEmail: 'ann@example.com',
  isAdmin: false,
  actorRole: null,
  companyId: 'c1',
  companyName: 'Acme',
  target: null,
  details: {},
  ...over,
});
