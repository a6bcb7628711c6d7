import ErrorIcon from '@mui/icons-material/ErrorOutlineRounded';
import SuccessIcon from '@mui/icons-material/CheckCircleRounded';
import MailIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../api/request';
import { clearPendingInvite, runOnce, storePendingInvite } from '../auth/session';
import { SignInOptions } from '../auth/SignInOptions';
import { ME_QUERY_KEY, useCurrentUser, type CurrentUser } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';
import { CenteredShell } from '../pages/CenteredShell';
import { ServerUnavailable } from '../pages/ServerUnavailable';
import { useTeamActions } from '../team';
import { tint } from '../theme/tokens';
import { iconSizes } from '../theme/typography';

/** Spec section 9: redirect after accepting an invitation. */
export const ACCEPT_REDIRECT_MS = 2000;
export const NO_TOKEN_MESSAGE = 'Invalid invitation link - no token provided';

/**
 * /accept-invite?token=...: signed out, the token waits in session storage while the invitee signs in;
 * signed in, the invitation is accepted once and the user goes to / two seconds later.
 */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const me = useCurrentUser();

  if (!token) return <NoToken />;
  if (me.isError && me.data === undefined) return <ServerUnavailable onRetry={() => void me.refetch()} />;
  if (me.isPending) return <Pending label="Checking your invitation…" />;
  if (!me.data) return <SignInToAccept token={token} />;
  return <Accepting token={token} />;
}

function NoToken() {
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast({ title: 'Failed to accept invitation', description: NO_TOKEN_MESSAGE, variant: 'destructive' });
  }, [toast]);
  return <InviteError message={NO_TOKEN_MESSAGE} />;
}

function SignInToAccept({ token }: { token: string }) {
  useEffect(() => storePendingInvite(token), [token]);
  return (
    <CenteredShell maxWidth={440}>
      <StateIcon tone="primary">
        <MailIcon />
      </StateIcon>
      <Typography variant="h2" component="h1" sx={{ textAlign: 'center' }}>
        Sign in to accept your invitation
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3, textAlign: 'center' }}>
        Use the account for the email address the invitation was sent to. You'll join the team right after
        signing in.
      </Typography>
      <SignInOptions />
    </CenteredShell>
  );
}

type AcceptState =
  { status: 'pending' } | { status: 'joined'; companyName: string } | { status: 'failed'; message: string };

function Accepting({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const dataProvider = useTeamActions();
  const toast = useToast();
  const navigate = useNavigate();
  const [state, setState] = useState<AcceptState>({ status: 'pending' });

  useEffect(() => {
    let cancelled = false;
    void runOnce(`accept-invite:${token}`, () => dataProvider.acceptInvite(token)).then(
      (user) => {
        clearPendingInvite();
        if (cancelled) return;
        queryClient.setQueryData<CurrentUser | null>(ME_QUERY_KEY, user);
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
        setState({ status: 'joined', companyName: user.company?.name ?? 'your team' });
      },
      (err: unknown) => {
        clearPendingInvite();
        if (cancelled) return;
        const message = errorMessage(err);
        toast({ title: 'Failed to accept invitation', description: message, variant: 'destructive' });
        setState({ status: 'failed', message });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, queryClient, toast, dataProvider]);

  useEffect(() => {
    if (state.status !== 'joined') return;
    const timer = window.setTimeout(() => void navigate('/', { replace: true }), ACCEPT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [state.status, navigate]);

  switch (state.status) {
    case 'pending':
      return <Pending label="Accepting your invitation…" />;
    case 'failed':
      return <InviteError message={state.message} />;
    case 'joined':
      return (
        <CenteredShell maxWidth={440}>
          <Box sx={{ textAlign: 'center' }} role="status">
            <StateIcon tone="success">
              <SuccessIcon />
            </StateIcon>
            <Typography variant="h2" component="h1">
              You've joined {state.companyName}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
              Taking you to the dashboard…
            </Typography>
            <CircularProgress size={20} />
          </Box>
        </CenteredShell>
      );
  }
}

function Pending({ label }: { label: string }) {
  return (
    <CenteredShell maxWidth={440}>
      <Box sx={{ textAlign: 'center', py: 2 }} role="status" aria-live="polite">
        <CircularProgress size={36} />
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {label}
        </Typography>
      </Box>
    </CenteredShell>
  );
}

function InviteError({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <CenteredShell maxWidth={440}>
      <Box sx={{ textAlign: 'center' }} role="alert">
        <StateIcon tone="error">
          <ErrorIcon />
        </StateIcon>
        <Typography variant="h2" component="h1">
          Failed to accept invitation
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          {message}
        </Typography>
        <Button variant="contained" onClick={() => void navigate('/')}>
          Go to Home
        </Button>
      </Box>
    </CenteredShell>
  );
}

function StateIcon({ tone, children }: { tone: 'primary' | 'success' | 'error'; children: ReactNode }) {
  const colors = {
    primary: { bg: tint('ink', 0.08), fg: 'primary.main' },
    success: { bg: tint('success', 0.12), fg: 'success.main' },
    error: { bg: tint('error', 0.1), fg: 'error.main' },
  }[tone];
  return (
    <Box
      sx={{
        width: 56,
        height: 56,
        mx: 'auto',
        mb: 2,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: colors.bg,
        color: colors.fg,
        '& svg': { fontSize: iconSizes.step },
      }}
    >
      {children}
    </Box>
  );
}
