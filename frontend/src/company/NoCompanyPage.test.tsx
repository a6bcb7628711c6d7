import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../auth/authProvider';
import { ME_QUERY_KEY } from '../auth/useCurrentUser';
import { ann, annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { NoCompanyPage } from './NoCompanyPage';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('NoCompanyPage', () => {
  it('suggests "{name}\'s Company" and shows who is signed in', () => {
    mockApi({});
    renderScreen(<NoCompanyPage />, { route: '/no-company', user: ann });
    expect(screen.getByLabelText('Company name (optional)').getAttribute('placeholder')).toBe(
      "Ann's Company",
    );
    expect(screen.getByText('Waiting for an invitation?')).toBeTruthy();
    expect(screen.getByText(/Signed in as/).textContent).toBe('Signed in as ann@example.com');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it("creates the company with the server's default name, then goes to /dashboard", async () => {
    const fetch = mockApi({ 'POST /api/company/create': { body: annAtAcme() } });
    const { location, queryClient } = renderScreen(<NoCompanyPage />, { route: '/no-company', user: ann });
    fireEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(sentBodies(fetch, 'POST /api/company/create')).toEqual([{}]);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(annAtAcme());
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Company created!', variant: 'success' }),
    );
  });

  it("shows 'Error' / 'Failed to create company' when the call fails", async () => {
    mockApi({ 'POST /api/company/create': { status: 500, body: { message: 'boom', code: 'X' } } });
    renderScreen(<NoCompanyPage />, { route: '/no-company', user: ann });
    fireEvent.change(screen.getByLabelText('Company name (optional)'), { target: { value: 'Ann Ceramics' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Company' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to create company',
        variant: 'destructive',
      }),
    );
  });

  it('sends a user who already has a company to /dashboard', () => {
    mockApi({});
    const { location } = renderScreen(<NoCompanyPage />, { route: '/no-company', user: annAtAcme() });
    expect(location()).toBe('/dashboard');
  });

  it('signs out through the auth provider: cache cleared, "Signed out", back to /', async () => {
    const fetch = mockApi({
      'POST /api/auth/logout': { status: 204 },
      'GET /api/auth/me': { status: 401, body: { message: 'Unauthorized', code: 'UNAUTHORIZED' } },
    });
    const { location, queryClient } = renderScreen(<NoCompanyPage />, {
      route: '/no-company',
      user: ann,
      authProvider: createAuthProvider,
    });
    queryClient.setQueryData(['/api/orders/open'], [{ id: 'o1' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(toast).toHaveBeenCalledWith({ title: 'Signed out', variant: 'success' });
    expect(sentBodies(fetch, 'POST /api/auth/logout')).toHaveLength(1);
    expect(queryClient.getQueryData(['/api/orders/open'])).toBeUndefined();
    expect(queryClient.getQueryData(ME_QUERY_KEY) ?? null).toBeNull();
  });

  it("keeps the session when sign-out fails and says 'Logout failed'", async () => {
    mockApi({ 'POST /api/auth/logout': { status: 500, body: { message: 'boom', code: 'X' } } });
    const { location, queryClient } = renderScreen(<NoCompanyPage />, {
      route: '/no-company',
      user: ann,
      authProvider: createAuthProvider,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Logout failed', variant: 'destructive' }),
      ),
    );
    expect(location()).toBe('/no-company');
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(ann);
  });
});
