import { useQuery } from '@tanstack/react-query';
import type { Schema } from '../api/schema';
import { sessionApi } from './provider';

/** GET /api/auth/config: which sign-in options this deployment offers. */
export type AuthConfig = Schema<'AuthConfigView'>;

export const AUTH_CONFIG_QUERY_KEY = ['/api/auth/config'] as const;

export function useAuthConfig() {
  return useQuery({ queryKey: AUTH_CONFIG_QUERY_KEY, queryFn: () => sessionApi.config() });
}

/** The browser navigates here to start Google sign-in; the server answers with a redirect. */
export const GOOGLE_START_URL = '/api/auth/google/start';
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
