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
