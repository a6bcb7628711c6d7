import CheckCircleIcon from '@mui/icons-material/CheckCircleRounded';
import DoneIcon from '@mui/icons-material/Done';
import { Box, Button, Card, List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PERMISSIONS } from './permissions';
import { iconSizes } from '../theme/typography';

/** The permissions Faire asks for (granted once connected). */
export function PermissionsCard({ granted }: { granted: boolean }) {
  return (
    <Card component="section" aria-labelledby="permissions-title" sx={{ p: { xs: 2.5, sm: 3 } }}>
      <Typography id="permissions-title" variant="h3" component="h2">
        Grant Permissions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {granted ? 'This portal can now:' : 'Faire will ask you to allow this portal to:'}
      </Typography>
      <List dense disablePadding sx={{ mt: 1.5 }} aria-label="Permissions">
        {PERMISSIONS.map((p) => (
          <ListItem key={p} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <DoneIcon
                sx={{ fontSize: iconSizes.large, color: granted ? 'success.main' : 'primary.main' }}
                aria-hidden
              />
            </ListItemIcon>
            <ListItemText primary={p} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        You can disconnect at any time from Settings.
      </Typography>
    </Card>
  );
}

/** The connected state: brand, what happens next, and the admin's extra action. */
export function ConnectedPanel({
  brandName,
  landed,
  already,
  reconnect,
}: {
  brandName: string | null;
  landed: boolean;
  already: boolean;
  reconnect: ReactNode;
}) {
  return (
    <Box data-testid="connect-complete" sx={{ textAlign: { xs: 'center', sm: 'left' } }}>
      <CheckCircleIcon sx={{ fontSize: iconSizes.done, color: 'success.main' }} aria-hidden />
      <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
        Your Faire account is connected
      </Typography>
      {brandName ? (
        <Typography sx={{ mt: 1 }}>
          Connected to <strong>{brandName}</strong>
        </Typography>
      ) : null}
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {landed
          ? 'You can close this tab: the portal tab you started from has been updated.'
          : already
            ? 'Orders from this brand are fetched into the portal.'
            : 'Setup is complete. Your orders will be fetched from Faire.'}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          mt: 3,
          justifyContent: { xs: 'center', sm: 'flex-start' },
        }}
      >
        <Button component={RouterLink} to="/dashboard" variant="contained" size="large">
          Go to Dashboard
        </Button>
        {reconnect}
      </Box>
    </Box>
  );
}
