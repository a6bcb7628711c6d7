import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { GOOGLE_CALLBACK_PATH } from './authConfig';
import { callbackOutcome } from './callback';
import { sessionApi } from './provider';
import { postSignInPath, runOnce } from './session';
import { ME_QUERY_KEY, type CurrentUser } from './useCurrentUser';

/**
 * /auth/google/callback: exchanges the authorization code for a session exactly once, then sends the
 * user to the dashboard (or to a pending invitation); any failure goes back to /.
 */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const search = params.toString();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const failureHandled = useRef(false);

  useEffect(() => {
    const outcome = callbackOutcome(new URLSearchParams(search));
    if (outcome.kind === 'failed') {
      if (failureHandled.current) return;
      failureHandled.current = true;
      toast(outcome.toast);
      toast({ title: 'Sign in failed', variant: 'destructive' });
      void navigate('/', { replace: true });
      return;
    }

    let cancelled = false;
    const { code, state } = outcome;
    void runOnce(`google-callback:${code}`, () =>
      sessionApi.googleCallback({
        code,
        state: state ?? undefined,
        redirectUri: window.location.origin + GOOGLE_CALLBACK_PATH,
      }),
    ).then(
      (user) => {
        if (cancelled) return;
        queryClient.setQueryData<CurrentUser | null>(ME_QUERY_KEY, user);
        toast({ title: 'Welcome back!', description: `Signed in as ${user.name}`, variant: 'success' });
        void navigate(postSignInPath(), { replace: true });
      },
      (err: unknown) => {
        if (cancelled) return;
        toast({ title: 'Sign in failed', description: errorMessage(err), variant: 'destructive' });
        void navigate('/', { replace: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [search, navigate, toast, queryClient]);

  return <FullPageSpinner label="Signing you in…" />;
}
