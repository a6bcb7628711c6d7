import LinkIcon from '@mui/icons-material/LinkRounded';
import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import SyncProblemIcon from '@mui/icons-material/SyncProblemRounded';
import CheckCircleIcon from '@mui/icons-material/CheckCircleRounded';
import {
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Skeleton,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useBrandProfile, useFaireConnection } from '../connect/api';
import { useDisconnectFaire } from './api';
import { integrationStatus } from './integrationStatus';

/** Faire integration: Connected (Disconnect), Connection Failed (Reconnect) or Not connected (Connect). */
export function IntegrationCard({ hasFaireToken }: { hasFaireToken: boolean }) {
  const connection = useFaireConnection({ enabled: hasFaireToken });
  const profile = useBrandProfile(hasFaireToken);
  const disconnect = useDisconnectFaire();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const status = integrationStatus(hasFaireToken, connection, profile);

  return (
    <Card component="section" aria-labelledby="integration-title" sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="integration-title" variant="h3" component="h2">
          Faire integration
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ p: 2.5, flex: 1 }} data-testid="integration-status" data-status={status.kind}>
        {status.kind === 'loading' ? (
          <>
            <Skeleton variant="rounded" width={120} height={28} />
            <Skeleton variant="text" width="70%" sx={{ mt: 1 }} />
          </>
        ) : status.kind === 'connected' ? (
          <>
            <Chip icon={<CheckCircleIcon />} label="Connected" color="success" sx={{ fontWeight: 700 }} />
            <Typography sx={{ mt: 1.5 }}>
              {status.brandName ? (
                <>
                  Connected to <strong>{status.brandName}</strong>
                </>
              ) : (
                'Connected to your Faire brand'
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Orders are fetched from this brand and shipments are created on it.
            </Typography>
            <Button
              variant="outlined"
              color="error"
              startIcon={<LinkOffIcon />}
              sx={{ mt: 2.5 }}
              onClick={() => setConfirmOpen(true)}
            >
              Disconnect
            </Button>
          </>
        ) : status.kind === 'failed' ? (
          <>
            <Chip icon={<SyncProblemIcon />} label="Connection Failed" color="error" sx={{ fontWeight: 700 }} />
            <Typography sx={{ mt: 1.5 }}>
              Faire refused the stored connection{status.brandName ? <> to <strong>{status.brandName}</strong></> : null}.
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Reconnect your Faire account to resume fetching orders.
            </Typography>
            <Button component={RouterLink} to="/oauth-setup" variant="contained" startIcon={<LinkIcon />} sx={{ mt: 2.5 }}>
              Reconnect
            </Button>
          </>
        ) : (
          <>
            <Chip label="Not connected" variant="outlined" sx={{ fontWeight: 700 }} />
            <Typography sx={{ mt: 1.5 }}>Link your Faire brand to fetch orders and create shipments.</Typography>
            <Button component={RouterLink} to="/oauth-setup" variant="contained" startIcon={<LinkIcon />} sx={{ mt: 2.5 }}>
              Connect
            </Button>
          </>
        )}
      </Box>

      <Dialog
        open={confirmOpen}
        onClose={disconnect.isPending ? undefined : () => setConfirmOpen(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="disconnect-title"
      >
        <DialogTitle id="disconnect-title" sx={{ fontWeight: 700 }}>
          Disconnect Faire?
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            The portal will stop fetching orders
            {status.kind === 'connected' && status.brandName ? ` from ${status.brandName}` : ''} with your account and
            your Faire access token will be revoked. You can connect again at any time.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={() => setConfirmOpen(false)} disabled={disconnect.isPending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="error"
            disabled={disconnect.isPending}
            startIcon={disconnect.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => disconnect.mutate(undefined, { onSuccess: () => setConfirmOpen(false) })}
          >
            Disconnect
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
