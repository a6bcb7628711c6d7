import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';
import { ApiError } from '../api/request';
import { mockApi } from '../test/fetchMock';
import { annAtAcme } from '../test/fixtures';
import { createAuthProvider } from './authProvider';
import { ME_QUERY_KEY } from './useCurrentUser';

afterEach(() => vi.unstubAllGlobals());

describe('authProvider', () => {
  it('reads identity and permissions from the session, fetching it once for all calls', async () => {
    const fetch = mockApi({ 'GET /api/auth/me': { body: annAtAcme('COMPANY_USER') } });
    const queryClient = createQueryClient();
    const auth = createAuthProvider(queryClient);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(await auth.getIdentity?.()).toEqual({ id: 'u1', fullName: 'Ann', email: 'ann@example.com' });
    expect(await auth.getPermissions?.({})).toEqual({ isAdmin: false, role: 'COMPANY_USER' });
    expect(await auth.canAccess?.({ action: 'list', resource: 'orders' })).toBe(true);
    expect(await auth.canAccess?.({ action: 'manage', resource: 'members' })).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({ email: 'ann@example.com' });
  });

  it('rejects checkAuth when signed out without redirecting, so the sign-in screen shows in place', async () => {
    mockApi({ 'GET /api/auth/me': { status: 401, body: { message: 'Not signed in' } } });
    const auth = createAuthProvider(createQueryClient());
    const err = await auth.checkAuth({}).catch((e: unknown) => e);
    expect(err).toMatchObject({ redirectTo: false, message: false });
    expect(await auth.getPermissions?.({})).toBeNull();
    expect(await auth.canAccess?.({ action: 'list', resource: 'orders' })).toBe(false);
  });

  it('ends the session on a 401 from the API, and signs out through the API', async () => {
    const fetch = mockApi({ 'POST /api/auth/logout': { status: 204 } });
    const queryClient = createQueryClient();
    queryClient.setQueryData(ME_QUERY_KEY, annAtAcme());
    const auth = createAuthProvider(queryClient);
    await auth.checkError(new ApiError(500, '', 'Server Error'));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toMatchObject({ id: 'u1' });
    await auth.checkError(new ApiError(401, '', 'Unauthorized'));
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeNull();
    queryClient.setQueryData(ME_QUERY_KEY, annAtAcme());
    expect(await auth.logout({})).toBe(false);
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/auth/logout',
    ]);
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toBeUndefined();
  });
});
