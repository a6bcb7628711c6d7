import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { sessionApi } from './provider';
import { postSignInPath } from './session';
import { ME_QUERY_KEY, type CurrentUser } from './useCurrentUser';

export interface DevLoginInput {
  email?: string;
  name?: string;
  faireToken?: string;
}

function compact(input: DevLoginInput): DevLoginInput {
  const out: DevLoginInput = {};
  for (const key of ['email', 'name', 'faireToken'] as const) {
    const value = input[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

/** POST /api/auth/dev-login; on success the session is cached and the user lands where a sign-in lands. */
export function useDevLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: DevLoginInput) => sessionApi.devLogin(compact(input)),
    onSuccess: ({ message, ...user }) => {
      queryClient.setQueryData<CurrentUser | null>(ME_QUERY_KEY, user);
      toast({
        title: 'Dev Login Success',
        description: message || `Signed in as ${user.name}`,
        variant: 'success',
      });
      void navigate(postSignInPath(), { replace: true });
    },
    onError: (err) =>
      toast({ title: 'Dev login failed', description: errorMessage(err), variant: 'destructive' }),
  });
}
