import { type BodyOf } from '../api/compose';
import { ApiError, apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

/**
 * The session's calls, used by react-admin's auth provider (`authProvider.ts`) and the sign-in screens.
 * They are not data-provider actions: they run before anyone is signed in, on screens outside the data
 * (sign-in, Google's callback), and the session they answer is what the auth provider checks.
 */
export const sessionApi = {
  /** The signed-in caller, or null when nobody is (a 401). */
  async me(): Promise<ResponseOf<'/api/auth/me', 'get'> | null> {
    try {
      return await apiRequest<ResponseOf<'/api/auth/me', 'get'>>('GET', '/api/auth/me');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  /** Which sign-in options this deployment offers. */
  config: () => apiRequest<ResponseOf<'/api/auth/config', 'get'>>('GET', '/api/auth/config'),
  googleCallback: (input: BodyOf<'/api/auth/google/callback', 'post'>) =>
    apiRequest<ResponseOf<'/api/auth/google/callback', 'post'>>('POST', '/api/auth/google/callback', input),
  devLogin: (input: BodyOf<'/api/auth/dev-login', 'post'>) =>
    apiRequest<ResponseOf<'/api/auth/dev-login', 'post'>>('POST', '/api/auth/dev-login', input),
  logout: () => apiRequest<ResponseOf<'/api/auth/logout', 'post'>>('POST', '/api/auth/logout'),
};
