import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useCompanyActions } from './provider';
import { ME_QUERY_KEY, type CurrentUser } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';

/** POST /api/company/create; an empty name lets the server use "{user name}'s Company". */
export function useCreateCompany() {
  const queryClient = useQueryClient();
  const dataProvider = useCompanyActions();
  const navigate = useNavigate();
  const toast = useToast();
  return useMutation({
    mutationFn: (name: string) => dataProvider.createCompany(name.trim() || undefined),
    onSuccess: (user) => {
      queryClient.setQueryData<CurrentUser | null>(ME_QUERY_KEY, user);
      toast({
        title: 'Company created!',
        description: user.company?.name ? `Welcome to ${user.company.name}` : undefined,
        variant: 'success',
      });
      void navigate('/dashboard', { replace: true });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to create company', variant: 'destructive' }),
  });
}

/** The name the server gives a company created without one. */
export function defaultCompanyName(userName: string | null | undefined): string {
  const name = userName?.trim();
  return name ? `${name}'s Company` : 'My Company';
}
