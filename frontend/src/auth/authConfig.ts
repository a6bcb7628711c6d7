import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../api/request';

/** GET /api/auth/config: which sign-in options this deployment offers. */
export interface AuthConfig {
  googleEnabled: boolean;
  devLoginEnabled: boolean;
  sandboxMarketplace: boolean;
}

export const AUTH_CONFIG_QUERY_KEY = ['/api/auth/config'] as const;

export function useAuthConfig() {
  return useQuery<AuthConfig | null>({
    queryKey: AUTH_CONFIG_QUERY_KEY,
    queryFn: getQueryFn<AuthConfig>({ on401: 'throw' }),
  });
}

/** The browser navigates here to start Google sign-in; the server answers with a redirect. */
export const GOOGLE_START_URL = '/api/auth/google/start';
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';
