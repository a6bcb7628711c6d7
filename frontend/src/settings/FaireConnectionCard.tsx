import CheckCircleIcon from '@mui/icons-material/CheckCircleRounded';
import LinkIcon from '@mui/icons-material/LinkRounded';
import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import SwapIcon from '@mui/icons-material/SwapHorizRounded';
import SyncProblemIcon from '@mui/icons-material/SyncProblemRounded';
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
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useBrandProfile, useFaireConnection } from '../connect';
import { ChangeBrandDialog } from '../connect';
import { NO_COMPANY_TEXT, sinceText } from '../connect';
import { useDisconnectFaire } from './api';
import { faireConnectionStatus } from './faireConnectionStatus';

/**
 * The company's Faire connection (the sources, ShipStation and Shopify, are integrations/IntegrationsCard).
 * Connected (brand, by whom, since), Connection Failed or Not connected; a company admin gets the actions
 * (Reconnect, Change brand, Disconnect, Connect), a member is told to ask their admin.
 */
export function FaireConnectionCard() {
  const connection = useFaireConnection();
  const hasConnection = connection.data?.status === 'CONNECTED' || connection.data?.status === 'FAILED';
  const profile = useBrandProfile(hasConnection);
  const disconnect = useDisconnectFaire();
  const navigate = useNavigate();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [changeOpen, setChangeOpen] = useState(false);
  const status = faireConnectionStatus(connection, profile);
  const brand = status.kind === 'connected' || status.kind === 'failed' ? status.brandName : null;

  let body;
  if (status.kind === 'loading') {
    body = (
      <>
        <Skeleton variant="rounded" width={120} height={28} />
        <Skeleton variant="text" width="70%" sx={{ mt: 1 }} />
      </>
    );
  } else if (status.kind === 'no-company') {
    body = <Typography color="text.secondary">{NO_COMPANY_TEXT}</Typography>;
  } else if (status.kind === 'connected') {
    body = (
      <>
        <Chip icon={<CheckCircleIcon />} label="Connected" color="success" sx={{ fontWeight: 700 }} />
        <Typography sx={{ mt: 1.5 }}>
          Connected to <strong>{status.brandName ?? 'your Faire brand'}</strong>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="connected-by">
          {status.connectedByName ? `Connected by ${status.connectedByName}` : 'Connected'}
          {sinceText(status.connectedAt) ? ` since ${sinceText(status.connectedAt)}` : ''}. Orders are fetched
          from this brand and shipments are created on it.
        </Typography>
        {status.canManage ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 2.5 }}>
            <Button
              component={RouterLink}
              to="/oauth-setup?intent=reconnect"
              variant="outlined"
              startIcon={<LinkIcon />}
            >
              Reconnect
            </Button>
            <Button
              variant="outlined"
              color="warning"
              startIcon={<SwapIcon />}
              onClick={() => setChangeOpen(true)}
            >
              Change brand
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<LinkOffIcon />}
              onClick={() => setConfirmOpen(true)}
            >
              Disconnect
            </Button>
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            Your company admin manages this connection.
          </Typography>
        )}
      </>
    );
  } else if (status.kind === 'failed') {
    body = (
      <>
        <Chip icon={<SyncProblemIcon />} label="Connection Failed" color="error" sx={{ fontWeight: 700 }} />
        <Typography sx={{ mt: 1.5 }}>
          Faire refused the stored connection
          {status.brandName ? (
            <>
              {' '}
              to <strong>{status.brandName}</strong>
            </>
          ) : null}
          .
        </Typography>
        {status.canManage ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              Uploads are paused until you reconnect.
            </Typography>
            <Button
              component={RouterLink}
              to="/oauth-setup?intent=reconnect"
              variant="contained"
              startIcon={<LinkIcon />}
              sx={{ mt: 2.5 }}
            >
              Reconnect
            </Button>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Ask your company admin to reconnect Faire. Uploads are paused until then.
          </Typography>
        )}
      </>
    );
  } else {
    body = (
      <>
        <Chip label="Not connected" variant="outlined" sx={{ fontWeight: 700 }} />
        {status.canManage ? (
          <>
            <Typography sx={{ mt: 1.5 }}>
              Link your company's Faire brand to fetch orders and create shipments.
            </Typography>
            <Button
              component={RouterLink}
              to="/oauth-setup"
              variant="contained"
              startIcon={<LinkIcon />}
              sx={{ mt: 2.5 }}
            >
              Connect
            </Button>
          </>
        ) : (
          <Typography sx={{ mt: 1.5 }}>
            Your company has not connected Faire yet. Ask your company admin to connect it.
          </Typography>
        )}
      </>
    );
  }

  return (
    <Card
      component="section"
      aria-labelledby="integration-title"
      sx={{ display: 'flex', flexDirection: 'column' }}
    >
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="integration-title" variant="h3" component="h2">
          Faire integration
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ p: 2.5, flex: 1 }} data-testid="integration-status" data-status={status.kind}>
        {body}
      </Box>

      <ChangeBrandDialog
        open={changeOpen}
        brandName={brand}
        onCancel={() => setChangeOpen(false)}
        onConfirm={() => {
          setChangeOpen(false);
          void navigate('/oauth-setup?intent=change');
        }}
      />
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
            The portal will stop fetching orders{brand ? ` from ${brand}` : ''} for your company and the Faire
            access token will be revoked. You can connect again at any time.
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
