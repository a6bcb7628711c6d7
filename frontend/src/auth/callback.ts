import type { ToastInput } from '../notifications/toast';

export type CallbackOutcome =
  { kind: 'failed'; toast: ToastInput } | { kind: 'exchange'; code: string; state: string | null };

/**
 * What the Google callback screen does with its query (spec sections 2 and 8): an `error` or a missing
 * `code` is an 'Authentication failed' toast; otherwise the code is exchanged for a session.
 */
export function callbackOutcome(params: URLSearchParams): CallbackOutcome {
  const error = params.get('error');
  if (error) {
    return {
      kind: 'failed',
      toast: {
        title: 'Authentication failed',
        description: error === 'access_denied' ? 'Access denied' : 'Authentication error occurred',
        variant: 'destructive',
      },
    };
  }
  const code = params.get('code');
  if (!code) {
    return {
      kind: 'failed',
      toast: {
        title: 'Authentication failed',
        description: 'No authorization code received',
        variant: 'destructive',
      },
    };
  }
  return { kind: 'exchange', code, state: params.get('state') };
}
