import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiRequest, errorMessage } from '../api/request';
import { ME_QUERY_KEY } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';

/** POST /api/auth/logout, then back to the sign-in screen. */
export function useSignOut(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(() => {
    void apiRequest('POST', '/api/auth/logout')
      .then(() => {
        queryClient.setQueryData(ME_QUERY_KEY, null);
        queryClient.clear();
        toast({ title: 'Signed out', variant: 'success' });
        void navigate('/', { replace: true });
      })
      .catch((err: unknown) =>
        toast({ title: 'Logout failed', description: errorMessage(err), variant: 'destructive' }),
      );
  }, [queryClient, navigate, toast]);
}
