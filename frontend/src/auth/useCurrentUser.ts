import type { CompanyRole } from '@portal/shipment-rules';
import { useQuery } from '@tanstack/react-query';
import { sessionApi } from './provider';
import type { Schema } from '../api/schema';

export type { CompanyRole };

/** `GET /api/auth/me`, as the API's contract says (docs/openapi.json). */
export type CurrentUser = Schema<'CurrentUserView'>;

export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/** The signed-in user, or null when signed out. */
export function useCurrentUser() {
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: () => sessionApi.me() });
}

export function initials(nameOrEmail: string): string {
  return nameOrEmail.trim().slice(0, 2).toUpperCase();
}
