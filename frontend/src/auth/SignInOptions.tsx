import GoogleIcon from '@mui/icons-material/Google';
import ScienceIcon from '@mui/icons-material/ScienceOutlined';
import TerminalIcon from '@mui/icons-material/TerminalOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Link,
  Divider,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { GOOGLE_START_URL, useAuthConfig } from './authConfig';
import { useDevLogin } from './useDevLogin';
import { tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

/**
 * The sign-in choices, shared by the sign-in screen and the accept-invite screen: Google, the developer
 * form when the server allows it, and the terms notice.
 */
export function SignInOptions() {
  const config = useAuthConfig();

  if (config.isPending) {
    return (
      <Stack spacing={2} data-testid="sign-in-options-loading">
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="text" width="70%" sx={{ mx: 'auto' }} />
      </Stack>
    );
  }
  if (config.isError || !config.data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void config.refetch()}>
            Retry
          </Button>
        }
      >
        Sign-in options could not be loaded.
      </Alert>
    );
  }

  const { googleEnabled, devLoginEnabled, sandboxMarketplace } = config.data;
  return (
    <Stack spacing={2.5}>
      {sandboxMarketplace ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Chip
            icon={<ScienceIcon />}
            label="Sandbox marketplace"
            size="small"
            color="warning"
            variant="outlined"
            sx={{ fontWeight: 600 }}
          />
        </Box>
      ) : null}
      {googleEnabled ? (
        <Button
          href={GOOGLE_START_URL}
          variant="contained"
          size="large"
          fullWidth
          startIcon={<GoogleIcon />}
          sx={{ py: 1.4, fontSize: fontSizes.lead, borderRadius: 2.5 }}
        >
          Continue with Google
        </Button>
      ) : null}
      {!googleEnabled && !devLoginEnabled ? (
        <Alert severity="warning">
          Sign-in is not available yet. Ask your administrator to configure Google sign-in.
        </Alert>
      ) : null}
      {devLoginEnabled ? (
        <>
          {googleEnabled ? (
            <Divider sx={{ color: 'text.secondary', fontSize: fontSizes.compact }}>or</Divider>
          ) : null}
          <DevLoginForm />
        </>
      ) : null}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ textAlign: 'center', fontSize: fontSizes.small }}
      >
        By continuing, you agree to our{' '}
        <Link component={RouterLink} to="/terms">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link component={RouterLink} to="/privacy">
          Privacy Policy
        </Link>
        .
      </Typography>
    </Stack>
  );
}

function DevLoginForm() {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [faireToken, setFaireToken] = useState('');
  const devLogin = useDevLogin();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    devLogin.mutate({ email, name, faireToken });
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Developer sign-in"
      sx={{
        border: '1px dashed',
        borderColor: 'divider',
        borderRadius: 3,
        p: 2,
        bgcolor: tint('ink', 0.025),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <TerminalIcon fontSize="small" color="primary" />
        <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body }}>Developer sign-in</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ fontSize: fontSizes.small, mb: 2 }}>
        Development only: signs you in without Google.
      </Typography>
      <Stack spacing={1.5}>
        <TextField
          variant="outlined"
          label="Email"
          type="email"
          size="small"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          fullWidth
        />
        <TextField
          variant="outlined"
          label="Name"
          size="small"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          fullWidth
        />
        <TextField
          variant="outlined"
          label="Faire token (optional)"
          size="small"
          value={faireToken}
          onChange={(e) => setFaireToken(e.target.value)}
          fullWidth
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={devLogin.isPending}
          startIcon={devLogin.isPending ? <CircularProgress size={16} /> : undefined}
        >
          Sign in as developer
        </Button>
      </Stack>
    </Box>
  );
}
