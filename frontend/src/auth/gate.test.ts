import { describe, expect, it } from 'vitest';
import { ann } from '../test/fixtures';
import { gateFor } from './gate';

const withCompany = { ...ann, company: { id: 'c1', name: 'Acme', role: 'COMPANY_USER' as const } };

describe('gateFor', () => {
  it('waits while the current user loads', () => {
    expect(gateFor(undefined, '/orders')).toBe('loading');
  });

  it('shows the sign-in screen on every protected route when signed out', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/orders',
      '/problem-orders',
      '/team',
      '/oauth-setup',
      '/admin',
      '/team/',
      '/attention',
    ]) {
      expect(gateFor(null, path)).toBe('sign-in');
    }
  });

  it('shows unknown paths (the not-found screen) without the portal frame when signed out', () => {
    expect(gateFor(null, '/nope')).toBe('bare');
    expect(gateFor(ann, '/nope')).toBe('portal');
  });

  it('leaves the screens that gate themselves (callback, invitation, legal) to themselves', () => {
    for (const path of ['/terms', '/privacy', '/accept-invite', '/no-company', '/auth/google/callback']) {
      expect(gateFor(null, path)).toBe('bare');
    }
  });

  it('sends a user without a company to /no-company, except on /admin', () => {
    for (const path of [
      '/',
      '/dashboard',
      '/orders',
      '/problem-orders',
      '/team',
      '/oauth-setup',
      '/attention',
    ]) {
      expect(gateFor(ann, path)).toBe('no-company');
    }
    expect(gateFor(ann, '/admin')).toBe('portal');
  });

  it('lets platform admins and company members through', () => {
    expect(gateFor({ ...ann, isAdmin: true }, '/orders')).toBe('portal');
    expect(gateFor(withCompany, '/team')).toBe('portal');
  });
});
