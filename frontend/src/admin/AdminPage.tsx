import CloseIcon from '@mui/icons-material/Close';
import LockIcon from '@mui/icons-material/LockOutlined';
import ShieldIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import { Box, Button, Card, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { canAccess } from '../auth/canAccess';
import { useCurrentUser } from '../auth/useCurrentUser';
import { FaireApiConfigCard } from './FaireApiConfigCard';
import { RecentActivityCard } from './RecentActivityCard';
import { SystemStatusCard } from './SystemStatusCard';
import { UserManagementCard } from './UserManagementCard';
import { tint } from '../theme/tokens';

/** /admin: the Master Admin Panel for platform admins; everyone else is told they have no access. */
export function AdminPage() {
  const me = useCurrentUser();
  const navigate = useNavigate();

  if (me.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 10 }} role="status" aria-label="Loading">
        <CircularProgress size={32} />
      </Box>
    );
  }
  const user = me.data;
  if (!user || !canAccess(user, 'list', 'admin')) {
    return <AccessDenied onBack={() => void navigate('/dashboard')} />;
  }

  return (
    <Box sx={{ maxWidth: 1280, mx: 'auto' }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 3 }}>
        <Box
          aria-hidden
          sx={{
            width: 44,
            height: 44,
            borderRadius: 2.5,
            display: { xs: 'none', sm: 'grid' },
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            flexShrink: 0,
          }}
        >
          <ShieldIcon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1" component="h1">
            Master Admin Panel
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Faire API credentials, users, system health and activity across every company.
          </Typography>
        </Box>
        <Tooltip title="Close">
          <IconButton aria-label="Close admin panel" onClick={() => void navigate('/dashboard')}>
            <CloseIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 2.5 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <FaireApiConfigCard />
        <SystemStatusCard />
        <UserManagementCard currentUser={user} />
        <RecentActivityCard />
      </Box>
    </Box>
  );
}

export function AccessDenied({ onBack }: { onBack: () => void }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', py: { xs: 6, sm: 10 } }}>
      <Card sx={{ maxWidth: 440, width: '100%', p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 56,
            height: 56,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: tint('error', 0.1),
            color: 'error.main',
          }}
        >
          <LockIcon />
        </Box>
        <Typography variant="h2" component="h1" sx={{ mb: 1 }}>
          Access Denied
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          You don't have admin privileges to access this page.
        </Typography>
        <Button variant="contained" onClick={onBack}>
          Back to Dashboard
        </Button>
      </Card>
    </Box>
  );
}
