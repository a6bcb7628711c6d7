import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  LinearProgress,
  Link,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../api/request';
import { useAuthConfig } from '../auth/authConfig';
import { ME_QUERY_KEY } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';
import { PageHeader } from '../pages/PageHeader';
import {
  BRAND_PROFILE_QUERY_KEY,
  CONNECTION_QUERY_KEY,
  useFaireConnection,
  type ConnectIntent,
  type FaireConnection,
} from './api';
import { useConnectActions } from './provider';
import { ChangeBrandDialog } from './ChangeBrandDialog';
import { CompanyConnectionNote } from './CompanyConnectionNote';
import { ConnectedPanel, PermissionsCard } from './ConnectPanels';
import { announceConnection, listenForConnection } from './channel';
import { isNewConnection, outcomeFromParams } from './connectionState';
import { beforeFullStop } from '../text/sentence';
import { fontSizes, iconSizes } from '../theme/typography';

export const STEPS = ['Authorize with Faire', 'Grant Permissions', 'Complete Setup'] as const;

export { PERMISSIONS } from './permissions';

/** How often the tab that started authorization checks for the new connection. */
export const POLL_MS = 3000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'waiting'; authUrl: string; baseline: FaireConnection | null | undefined }
  | { kind: 'connected'; landed: boolean }
  | { kind: 'failed'; outcome: 'denied' | 'error'; message: string };

function initialPhase(params: URLSearchParams): Phase {
  const result = outcomeFromParams(params);
  if (!result) return { kind: 'idle' };
  if (result.outcome === 'connected') return { kind: 'connected', landed: true };
  return { kind: 'failed', outcome: result.outcome, message: result.message };
}

/**
 * /oauth-setup: authorize with Faire in a new tab, grant the permissions there, and come back connected.
 * The Faire tab lands here with `?faire=...` and tells the starting tab over a BroadcastChannel; the
 * starting tab also polls the connection, so it completes without a reload either way.
 */
export function ConnectPage() {
  const [params, setParams] = useSearchParams();
  const [phase, setPhase] = useState<Phase>(() => initialPhase(params));
  const queryClient = useQueryClient();
  const dataProvider = useConnectActions();
  const toast = useToast();
  const config = useAuthConfig();
  const waiting = phase.kind === 'waiting';
  const connection = useFaireConnection({ pollMs: waiting ? POLL_MS : false });

  const refreshAccount = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: CONNECTION_QUERY_KEY });
    queryClient.removeQueries({ queryKey: BRAND_PROFILE_QUERY_KEY });
  }, [queryClient]);

  // The Faire tab: tell the tab that started authorization how it ended (once, even under StrictMode).
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    const result = outcomeFromParams(params);
    if (!result) return;
    announced.current = true;
    if (result.outcome === 'connected') {
      announceConnection({ type: 'connected' });
      refreshAccount();
    } else {
      announceConnection({ type: result.outcome, message: result.message });
    }
  }, [params, refreshAccount]);

  // The starting tab: hear from the Faire tab...
  useEffect(() => {
    if (!waiting) return undefined;
    return listenForConnection((message) => {
      if (message.type === 'connected') {
        setPhase({ kind: 'connected', landed: false });
        refreshAccount();
      } else {
        setPhase({ kind: 'failed', outcome: message.type, message: message.message });
      }
    });
  }, [waiting, refreshAccount]);

  // ...or notice the new connection by polling.
  const baseline = phase.kind === 'waiting' ? phase.baseline : undefined;
  useEffect(() => {
    if (!waiting || !isNewConnection(baseline, connection.data)) return;
    setPhase({ kind: 'connected', landed: false });
    refreshAccount();
  }, [waiting, baseline, connection.data, refreshAccount]);

  const hasConnection = connection.data?.status === 'CONNECTED' || connection.data?.status === 'FAILED';
  const askedIntent = params.get('intent');
  const defaultIntent: ConnectIntent =
    askedIntent === 'change' ? 'change' : hasConnection ? 'reconnect' : 'connect';
  const [changeOpen, setChangeOpen] = useState(false);
  const authorize = useMutation({
    mutationFn: (intent: ConnectIntent) => dataProvider.authorizeFaire(intent),
    onSuccess: ({ authUrl }) => {
      window.open(authUrl, '_blank', 'noopener');
      setPhase({ kind: 'waiting', authUrl, baseline: connection.data });
    },
    onError: (err) =>
      toast({ title: 'OAuth initialization failed', description: errorMessage(err), variant: 'destructive' }),
  });
  const start = () => authorize.mutate(defaultIntent);

  const startOver = () => {
    if (params.has('faire')) setParams({}, { replace: true });
    setPhase({ kind: 'idle' });
  };

  // Sent here to reconnect or change brand: offer the authorize step, not the "connected" summary.
  const alreadyConnected = phase.kind === 'idle' && connection.data?.status === 'CONNECTED' && !askedIntent;
  const showConnected = phase.kind === 'connected' || alreadyConnected;
  const activeStep = showConnected ? STEPS.length : phase.kind === 'idle' ? 0 : 1;
  const brandName = connection.data && 'brandName' in connection.data ? connection.data.brandName : null;

  const authorizeButton = (label: string, variant: 'contained' | 'outlined' = 'contained') => (
    <Button
      variant={variant}
      size="large"
      onClick={start}
      disabled={authorize.isPending}
      startIcon={authorize.isPending ? <CircularProgress size={18} color="inherit" /> : <OpenInNewIcon />}
    >
      {authorize.isPending ? 'Redirecting...' : label}
    </Button>
  );

  let main: ReactNode;
  if (showConnected) {
    main = (
      <ConnectedPanel
        brandName={brandName}
        landed={phase.kind === 'connected' && phase.landed}
        already={alreadyConnected}
        reconnect={
          alreadyConnected ? (
            <Button variant="outlined" size="large" color="warning" onClick={() => setChangeOpen(true)}>
              Change brand
            </Button>
          ) : null
        }
      />
    );
  } else if (phase.kind === 'waiting') {
    main = (
      <Box data-testid="connect-waiting">
        <Typography variant="h3" component="h2">
          Approve access in the Faire tab
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          We opened Faire in a new tab. Sign in there, choose your brand and approve the permissions. This
          page updates by itself as soon as you are done.
        </Typography>
        <LinearProgress sx={{ my: 3, borderRadius: 1, height: 6 }} aria-label="Waiting for Faire" />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Button
            variant="outlined"
            href={phase.authUrl}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<OpenInNewIcon />}
          >
            Open the Faire page again
          </Button>
          <Button color="inherit" onClick={startOver}>
            Cancel
          </Button>
        </Box>
      </Box>
    );
  } else {
    main = (
      <Box>
        {phase.kind === 'failed' ? (
          <Alert
            severity="error"
            data-testid="connect-failed"
            sx={{ mb: 3 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={startOver}
                sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
              >
                Try again
              </Button>
            }
          >
            <AlertTitle sx={{ fontWeight: 700 }}>
              {phase.outcome === 'denied' ? 'Authorization denied' : 'Connection failed'}
            </AlertTitle>
            {phase.message}
          </Alert>
        ) : connection.data?.status === 'FAILED' ? (
          <Alert severity="warning" sx={{ mb: 3 }}>
            Faire refused your stored connection{brandName ? ` to ${beforeFullStop(brandName)}` : ''}.
            Authorize again to reconnect.
          </Alert>
        ) : null}
        <Typography variant="h3" component="h2">
          Authorize with Faire
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          Faire opens in a new tab. Sign in with your brand account and approve access; this page completes
          the setup on its own when you are done.
        </Typography>
        {authorizeButton('Authorize with Faire')}
        {config.data?.sandboxMarketplace ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 0.75 }}
          >
            <ScienceIcon sx={{ fontSize: iconSizes.medium, color: 'secondary.main' }} aria-hidden />
            The sandbox authorize page lets you pick a demo brand.
          </Typography>
        ) : null}
      </Box>
    );
  }

  const member =
    connection.data && (connection.data.status === 'NO_COMPANY' || !connection.data.canManage)
      ? connection.data
      : null;
  if (member) {
    // Only a company admin connects Faire: everyone else sees where the company's orders come from.
    return (
      <Box sx={{ maxWidth: 980 }}>
        <PageHeader title="Faire connection" subtitle="Your company's Faire brand." />
        <CompanyConnectionNote connection={member} />
        <Button component={RouterLink} to="/dashboard" variant="contained">
          Go to Dashboard
        </Button>
      </Box>
    );
  }

  return (
    <Box sx={{ maxWidth: 980 }}>
      <ChangeBrandDialog
        open={changeOpen}
        brandName={brandName}
        onCancel={() => setChangeOpen(false)}
        onConfirm={() => {
          setChangeOpen(false);
          authorize.mutate('change');
        }}
      />
      <PageHeader
        title="Connect your Faire account"
        subtitle="Link your Faire brand so your orders and shipments stay in sync."
        actions={
          config.data?.sandboxMarketplace ? (
            <Chip
              icon={<ScienceIcon />}
              label="Sandbox marketplace"
              color="secondary"
              variant="outlined"
              sx={{ fontWeight: 600 }}
            />
          ) : undefined
        }
      />

      <Card sx={{ px: { xs: 1, sm: 3 }, py: 2.5, mb: 3 }}>
        <Stepper activeStep={activeStep} alternativeLabel aria-label="Setup steps">
          {STEPS.map((label, i) => (
            <Step key={label} completed={activeStep > i}>
              <StepLabel
                error={phase.kind === 'failed' && i === 1}
                slotProps={{ label: { sx: { fontSize: { xs: fontSizes.caption, sm: fontSizes.body } } } }}
              >
                {label}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
      </Card>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Card sx={{ p: { xs: 2.5, sm: 3.5 } }}>{main}</Card>
        <PermissionsCard granted={showConnected} />
      </Box>

      {showConnected ? null : (
        <Box sx={{ mt: 3, textAlign: { xs: 'center', md: 'left' } }}>
          <Link
            component={RouterLink}
            to="/dashboard"
            underline="hover"
            sx={{ fontWeight: 600, color: 'text.secondary' }}
          >
            Skip for now (demo mode)
          </Link>
        </Box>
      )}
    </Box>
  );
}
