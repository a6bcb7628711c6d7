import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PENDING_INVITE_KEY } from '../auth/session';
import { ann, annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { AcceptInvitePage } from './AcceptInvitePage';
import { toast } from '../test/toasts';

beforeEach(() => {
  toast.mockClear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const authConfig = { body: { googleEnabled: true, devLoginEnabled: false, sandboxMarketplace: false } };

describe('AcceptInvitePage', () => {
  it('explains a link without a token', () => {
    mockApi({});
    renderScreen(<AcceptInvitePage />, { route: '/accept-invite', user: ann });
    expect(screen.getByRole('heading', { name: 'Failed to accept invitation' })).toBeTruthy();
    expect(screen.getByText('Invalid invitation link - no token provided')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to Home' })).toBeTruthy();
  });

  it('keeps the token and offers sign-in when signed out', async () => {
    const fetch = mockApi({ 'GET /api/auth/config': authConfig });
    renderScreen(<AcceptInvitePage />, { route: '/accept-invite?token=t-out', user: null });
    expect(screen.getByRole('heading', { name: 'Sign in to accept your invitation' })).toBeTruthy();
    expect(sessionStorage.getItem(PENDING_INVITE_KEY)).toBe('t-out');
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe('/api/auth/google/start');
    expect(sentBodies(fetch, 'POST /api/team/accept-invite')).toEqual([]);
  });

  it('accepts once when signed in and names the company joined', async () => {
    sessionStorage.setItem(PENDING_INVITE_KEY, 't-in');
    const fetch = mockApi({
      'POST /api/team/accept-invite': { body: annAtAcme('COMPANY_USER') },
      'GET /api/auth/me': { body: annAtAcme('COMPANY_USER') },
    });
    renderScreen(<AcceptInvitePage />, { route: '/accept-invite?token=t-in', user: ann, strict: true });
    expect(await screen.findByRole('heading', { name: "You've joined Acme" })).toBeTruthy();
    expect(sentBodies(fetch, 'POST /api/team/accept-invite')).toEqual([{ token: 't-in' }]);
    expect(sessionStorage.getItem(PENDING_INVITE_KEY)).toBeNull();
  });

  it('shows the server message when accepting fails', async () => {
    mockApi({
      'POST /api/team/accept-invite': { status: 410, body: { message: 'Invitation expired', code: 'X' } },
    });
    renderScreen(<AcceptInvitePage />, { route: '/accept-invite?token=t-bad', user: ann });
    expect(await screen.findByRole('heading', { name: 'Failed to accept invitation' })).toBeTruthy();
    expect(screen.getByText('Invitation expired')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to accept invitation',
      description: 'Invitation expired',
      variant: 'destructive',
    });
  });
});
