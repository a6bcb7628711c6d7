import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentBodies } from '../test/fetchMock';
import { ann, renderScreen } from '../test/render';
import { GoogleCallbackPage } from './GoogleCallbackPage';
import { PENDING_INVITE_KEY } from './session';
import { ME_QUERY_KEY } from './useCurrentUser';
import { toast } from '../test/toasts';

const PATH = '/auth/google/callback';

beforeEach(() => {
  toast.mockClear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('GoogleCallbackPage', () => {
  it("error=access_denied: 'Authentication failed'/'Access denied', then 'Sign in failed' and back to /", async () => {
    const fetch = mockApi({});
    const { location } = renderScreen(<GoogleCallbackPage />, {
      route: `${PATH}?error=access_denied`,
      path: PATH,
      strict: true,
    });
    await waitFor(() => expect(location()).toBe('/'));
    expect(toast.mock.calls.map(([t]): unknown => t)).toEqual([
      { title: 'Authentication failed', description: 'Access denied', variant: 'destructive' },
      { title: 'Sign in failed', variant: 'destructive' },
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the code once under StrictMode, caches the user and lands on /dashboard', async () => {
    const fetch = mockApi({ 'POST /api/auth/google/callback': { body: ann } });
    const { location, queryClient } = renderScreen(<GoogleCallbackPage />, {
      route: `${PATH}?code=c-strict&state=s1`,
      path: PATH,
      strict: true,
    });
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(sentBodies(fetch, 'POST /api/auth/google/callback')).toEqual([
      { code: 'c-strict', state: 's1', redirectUri: `${window.location.origin}${PATH}` },
    ]);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(ann);
    expect(toast).toHaveBeenCalledWith({
      title: 'Welcome back!',
      description: 'Signed in as Ann',
      variant: 'success',
    });
  });

  it('goes to a pending invitation after signing in', async () => {
    sessionStorage.setItem(PENDING_INVITE_KEY, 'tok 1');
    mockApi({ 'POST /api/auth/google/callback': { body: ann } });
    const { location } = renderScreen(<GoogleCallbackPage />, { route: `${PATH}?code=c-invite`, path: PATH });
    await waitFor(() => expect(location()).toBe('/accept-invite?token=tok%201'));
  });

  it("shows 'Sign in failed' with the server message and goes back to / when the exchange fails", async () => {
    mockApi({
      'POST /api/auth/google/callback': { status: 400, body: { message: 'Invalid state', code: 'X' } },
    });
    const { location } = renderScreen(<GoogleCallbackPage />, { route: `${PATH}?code=c-bad`, path: PATH });
    await waitFor(() => expect(location()).toBe('/'));
    expect(toast).toHaveBeenCalledWith({
      title: 'Sign in failed',
      description: 'Invalid state',
      variant: 'destructive',
    });
    expect(screen.queryByText('Welcome back!')).toBeNull();
  });
});
