import { describe, expect, it } from 'vitest';
import { ann, annAtAcme } from '../test/fixtures';
import { canAccess } from './canAccess';

const admin = annAtAcme('COMPANY_ADMIN');
const user = annAtAcme('COMPANY_USER');
const platform = { ...ann, isAdmin: true };
const platformUser = { ...user, isAdmin: true };

describe('canAccess', () => {
  it('refuses everything to a signed-out visitor', () => {
    for (const resource of [
      'portal',
      'company',
      'shipments',
      'orders',
      'settings',
      'team',
      'members',
      'activity',
      'admin',
    ]) {
      expect(canAccess(null, 'list', resource)).toBe(false);
    }
    expect(canAccess(undefined, 'list', 'orders')).toBe(false);
  });

  it('lets every signed-in person read shipments and orders, and change neither here', () => {
    for (const who of [ann, user, admin, platform]) {
      expect(canAccess(who, 'list', 'shipments')).toBe(true);
      expect(canAccess(who, 'list', 'orders')).toBe(true);
      expect(canAccess(who, 'manage', 'orders')).toBe(false);
    }
  });

  it('manages the team and thresholds only as COMPANY_ADMIN, as the server guard does', () => {
    expect(canAccess(admin, 'manage', 'members')).toBe(true);
    expect(canAccess(admin, 'manage', 'thresholds')).toBe(true);
    for (const who of [user, platform, platformUser]) {
      expect(canAccess(who, 'manage', 'members')).toBe(false);
      expect(canAccess(who, 'manage', 'thresholds')).toBe(false);
    }
  });

  it('shows Team Management to company and platform admins; members to anyone in the company', () => {
    expect(canAccess(admin, 'list', 'team')).toBe(true);
    expect(canAccess(platform, 'list', 'team')).toBe(true);
    expect(canAccess(user, 'list', 'team')).toBe(false);
    expect(canAccess(user, 'list', 'members')).toBe(true);
    expect(canAccess(platform, 'list', 'members')).toBe(false);
    expect(canAccess(platformUser, 'list', 'members')).toBe(true);
    expect(canAccess(admin, 'list', 'activity')).toBe(true);
    expect(canAccess(platformUser, 'list', 'activity')).toBe(false);
  });

  it('shows Settings with a company or as platform admin, Admin Config only to platform admins', () => {
    expect(canAccess(ann, 'list', 'settings')).toBe(false);
    expect(canAccess(user, 'list', 'settings')).toBe(true);
    expect(canAccess(platform, 'list', 'settings')).toBe(true);
    expect(canAccess(admin, 'list', 'admin')).toBe(false);
    expect(canAccess(platform, 'list', 'admin')).toBe(true);
  });

  it("opens the company's screens to its members and to platform admins only", () => {
    for (const who of [user, admin, platform, platformUser]) {
      expect(canAccess(who, 'list', 'company')).toBe(true);
    }
    expect(canAccess(ann, 'list', 'company')).toBe(false);
    expect(canAccess(admin, 'manage', 'company')).toBe(false);
  });

  it('refuses a resource it does not know', () => {
    expect(canAccess(platform, 'list', 'invoices')).toBe(false);
  });

  it('shows integrations and held labels to anyone in the company; only a COMPANY_ADMIN changes them', () => {
    for (const area of ['integrations', 'attention']) {
      expect(canAccess(admin, 'list', area)).toBe(true);
      expect(canAccess(user, 'list', area)).toBe(true);
      expect(canAccess(admin, 'manage', area)).toBe(true);
      for (const who of [user, platform, platformUser, ann]) {
        expect(canAccess(who, 'manage', area)).toBe(false);
      }
      expect(canAccess(platform, 'list', area)).toBe(false);
      expect(canAccess(ann, 'list', area)).toBe(false);
    }
  });
});
