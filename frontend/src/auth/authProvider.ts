import type { CompanyRole } from '@portal/shipment-rules';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { ApiError } from '../api/request';
import { canAccess, type PortalAction } from './canAccess';
import { sessionApi } from './provider';
import { ME_QUERY_KEY, type CurrentUser } from './useCurrentUser';

/** What `getPermissions` answers: the two facts every permission is decided from. */
export interface PortalPermissions {
  isAdmin: boolean;
  role: CompanyRole | null;
}

/** The session (`GET /api/auth/me`), shared with `useCurrentUser` through the same query cache. */
async function currentUser(queryClient: QueryClient): Promise<CurrentUser | null> {
  return queryClient.fetchQuery<CurrentUser | null>({
    queryKey: ME_QUERY_KEY,
    queryFn: () => sessionApi.me(),
  });
}

/**
 * react-admin's auth provider over the portal's cookie session. Signing in happens on the sign-in
 * screen (Google or the development sign-in), which the layout shows in place of any protected screen;
 * so a failed check never redirects (the URL, and with it the deep link, stays).
 */
export function createAuthProvider(queryClient: QueryClient): AuthProvider {
  return {
    login: () => Promise.reject(new Error('Sign in with Google on the sign-in screen')),
    async logout() {
      await sessionApi.logout();
      queryClient.setQueryData(ME_QUERY_KEY, null);
      queryClient.clear();
      return false;
    },
    async checkAuth() {
      const user = await currentUser(queryClient);
      // No redirect and no toast: the layout shows the sign-in screen in place.
      if (!user) throw Object.assign(new Error('Not signed in'), { redirectTo: false, message: false });
    },
    async checkError(error: unknown) {
      // A lapsed session: the layout's gate then shows the sign-in screen in place.
      if (error instanceof ApiError && error.status === 401) {
        queryClient.setQueryData(ME_QUERY_KEY, null);
      }
    },
    async getIdentity(): Promise<UserIdentity> {
      const user = await currentUser(queryClient);
      if (!user) throw new Error('Not signed in');
      return { id: user.id, fullName: user.name || user.email, email: user.email };
    },
    async getPermissions(): Promise<PortalPermissions | null> {
      const user = await currentUser(queryClient);
      return user ? { isAdmin: user.isAdmin, role: user.company?.role ?? null } : null;
    },
    async canAccess({ action, resource }) {
      return canAccess(await currentUser(queryClient), action as PortalAction, resource);
    },
  };
}
