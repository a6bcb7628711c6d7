import { describe, expect, it } from 'vitest';
import type { CurrentUser } from './auth/useCurrentUser';
import { navigationFor } from './routes';

const base: CurrentUser = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.com',
  isAdmin: false,
  hasFaireToken: false,
  company: null,
};
const labels = (u: CurrentUser | null) => navigationFor(u).flatMap((s) => s.items.map((i) => i.label));

describe('navigationFor', () => {
  it('hides Settings and the admin section from a user without a company', () => {
    expect(labels(base)).toEqual([
      'Dashboard',
      'Upload Shipments',
      'Shipment History',
      'Open Orders',
      'Problem Orders',
    ]);
  });

  it('shows Settings and Needs attention but no admin section to a COMPANY_USER', () => {
    const l = labels({ ...base, company: { id: 'c', name: 'Acme', role: 'COMPANY_USER' } });
    expect(l).toContain('Settings');
    expect(l.slice(0, 5)).toEqual([
      'Dashboard',
      'Upload Shipments',
      'Shipment History',
      'Needs attention',
      'Settings',
    ]);
    expect(l).not.toContain('Team Management');
  });

  it('shows Team Management but not Admin Config to a COMPANY_ADMIN', () => {
    const l = labels({ ...base, company: { id: 'c', name: 'Acme', role: 'COMPANY_ADMIN' } });
    expect(l).toContain('Team Management');
    expect(l).not.toContain('Admin Config');
  });

  it('shows everything to a platform admin', () => {
    const l = labels({ ...base, isAdmin: true });
    expect(l).toEqual(expect.arrayContaining(['Settings', 'Team Management', 'Admin Config']));
  });
});
