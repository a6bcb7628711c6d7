import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import MailIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import { Box, Button, CircularProgress, Divider, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { SignInPage } from '../auth/SignInPage';
import { useCurrentUser, type CurrentUser } from '../auth/useCurrentUser';
import { useSignOut } from '../layout/useSignOut';
import { CenteredShell } from '../pages/CenteredShell';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { ServerUnavailable } from '../pages/ServerUnavailable';
import { defaultCompanyName, useCreateCompany } from './useCreateCompany';
import { tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

/** /no-company: a signed-in user without a company creates one or waits for an invitation. */
export function NoCompanyPage() {
  const me = useCurrentUser();
  if (me.isError && me.data === undefined) return <ServerUnavailable onRetry={() => void me.refetch()} />;
  if (me.isPending) return <FullPageSpinner />;
  if (!me.data) return <SignInPage />;
  if (me.data.company) return <Navigate to="/dashboard" replace />;
  return <NoCompany user={me.data} />;
}

function NoCompany({ user }: { user: CurrentUser }) {
  const [name, setName] = useState('');
  const createCompany = useCreateCompany();
  const signOut = useSignOut();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    createCompany.mutate(name);
  };

  return (
    <CenteredShell
      maxWidth={520}
      footer={
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            color: 'text.secondary',
            fontSize: fontSizes.body,
          }}
        >
          <Typography component="span" sx={{ fontSize: fontSizes.body }}>
            Signed in as <strong>{user.email}</strong>
          </Typography>
          <Button size="small" startIcon={<LogoutIcon />} onClick={signOut}>
            Sign out
          </Button>
        </Box>
      }
    >
      <IconTile>
        <BusinessIcon />
      </IconTile>
      <Typography variant="h2" component="h1">
        You're not part of a company yet
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Shipments, orders and your Faire connection belong to a company. Create one for your brand to get
        started.
      </Typography>

      <Box component="form" onSubmit={submit} noValidate sx={{ mt: 3, display: 'grid', gap: 2 }}>
        <TextField
          variant="outlined"
          label="Company name (optional)"
          placeholder={defaultCompanyName(user.name)}
          value={name}
          onChange={(e) => setName(e.target.value)}
          helperText="Leave it empty to use the name shown."
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={createCompany.isPending}
          startIcon={createCompany.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Create Company
        </Button>
      </Box>

      <Divider sx={{ my: 3.5 }} />

      <Box sx={{ display: 'flex', gap: 2 }}>
        <IconTile muted>
          <MailIcon />
        </IconTile>
        <Box>
          <Typography variant="h3" component="h2">
            Waiting for an invitation?
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, fontSize: fontSizes.body }}>
            Ask a company admin to invite <strong>{user.email}</strong> from Team Management. Open the link in
            the invitation email and you'll join their company.
          </Typography>
        </Box>
      </Box>
    </CenteredShell>
  );
}

function IconTile({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Box
      sx={{
        flexShrink: 0,
        width: 44,
        height: 44,
        borderRadius: 3,
        display: 'grid',
        placeItems: 'center',
        mb: muted ? 0 : 2,
        bgcolor: muted ? tint('gold', 0.12) : tint('ink', 0.08),
        color: muted ? 'secondary.main' : 'primary.main',
      }}
    >
      {children}
    </Box>
  );
}
