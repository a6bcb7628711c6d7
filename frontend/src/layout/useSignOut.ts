import { useCallback } from 'react';
import { useLogout } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';

/**
 * Sign out through the auth provider's `logout` (POST /api/auth/logout; the session and every cached
 * answer are dropped), then back to the sign-in screen. The redirect is ours (`/`, replacing the
 * page), not react-admin's login page; a failed call leaves the session as it was.
 */
export function useSignOut(): () => void {
  const logout = useLogout();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(() => {
    void logout({}, false)
      .then(() => {
        toast({ title: 'Signed out', variant: 'success' });
        void navigate('/', { replace: true });
      })
      .catch((err: unknown) =>
        toast({ title: 'Logout failed', description: errorMessage(err), variant: 'destructive' }),
      );
  }, [logout, navigate, toast]);
}
