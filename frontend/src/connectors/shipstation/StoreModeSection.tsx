import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '../../api/request';
import type { Schema } from '../../api/schema';
import { useToast } from '../../notifications/toast';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { useStoreMode } from './api';

type Credentials = Schema<'StoreCredentialsView'>;

const TWICE_WARNING =
  'If your Faire orders already reach ShipStation through Shopify, leave this off: each order would appear in ShipStation twice.';

/** One credential with its copy button. */
function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: `${label} copied`, variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: `Select the ${label.toLowerCase()} and copy it by hand.`,
        variant: 'destructive',
      });
    }
  };
  return (
    <Box
      sx={{ display: 'flex', gap: 1, alignItems: 'center', p: 1, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      <Typography variant="body2" sx={{ width: 84, flexShrink: 0, fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="code"
        data-testid={testId}
        variant="body2"
        sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
      >
        {value}
      </Typography>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        onClick={() => void copy()}
        aria-label={`Copy ${label.toLowerCase()}`}
      >
        Copy
      </Button>
    </Box>
  );
}

/** The credentials, shown once, with the steps to add the Custom Store in ShipStation. */
function CredentialsDialog({ creds, onClose }: { creds: Credentials; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="store-credentials-title">
      <DialogTitle id="store-credentials-title" sx={{ fontWeight: 700 }}>
        Add the Custom Store in ShipStation
      </DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          Copy the password now: it is not shown again. Making new credentials replaces these.
        </Alert>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <CopyLine label="URL" value={creds.url} testId="store-url" />
          <CopyLine label="Username" value={creds.username} testId="store-username" />
          <CopyLine label="Password" value={creds.password} testId="store-password" />
        </Box>
        <Typography component="ol" variant="body2" sx={{ mt: 2, pl: 2.5, '& li': { mb: 0.5 } }}>
          <li>In ShipStation, open Settings › Selling Channels › Store Setup and choose Connect a Store.</li>
          <li>Pick Custom Store, and paste the URL, username and password above.</li>
          <li>
            Map the order statuses: PROCESSING (and NEW, if you accept new orders) to Awaiting Shipment; leave
            the others unmapped.
          </li>
          <li>Test the connection and save. Your Faire orders waiting to ship appear at the next refresh.</li>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Each label printed or order marked shipped for them comes back here and reaches Faire once, as any
          ShipStation label does.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Store mode on the ShipStation card (decision 0071): ShipStation pulls the brand's Faire orders from
 * the portal as a Custom Store. Off by default; an admin turns it on (the credentials are shown once),
 * makes new credentials, or turns it off. A member reads whether it is on.
 */
export function StoreModeSection({
  connection,
  canManage,
}: {
  connection: Pick<Schema<'SourceConnectionView'>, 'store'>;
  canManage: boolean;
}) {
  const { on, off } = useStoreMode();
  const [creds, setCreds] = useState<Credentials | null>(null);
  const [confirm, setConfirm] = useState<'regenerate' | 'off' | null>(null);
  const store = connection.store;
  const turnOn = () =>
    on.mutate(undefined, {
      onSuccess: (c) => {
        setConfirm(null);
        setCreds(c);
      },
    });

  return (
    <Box data-testid="store-mode" sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle2" sx={{ display: 'flex', gap: 1, alignItems: 'center', fontWeight: 700 }}>
        <StorefrontIcon fontSize="small" /> Store mode {store ? '· On' : '· Off'}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Your Faire orders waiting to ship appear in ShipStation by themselves (as a Custom Store), and each
        label or &ldquo;Mark as Shipped&rdquo; reaches Faire with no order number to type.
      </Typography>
      {store ? (
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="store-mode-url">
          URL: <code>{store.url}</code> · username <code>{store.username}</code>
        </Typography>
      ) : (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {TWICE_WARNING}
        </Alert>
      )}
      {on.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(on.error)}
        </Alert>
      ) : null}
      {canManage ? (
        <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
          {store ? (
            <>
              <Button variant="outlined" onClick={() => setConfirm('regenerate')}>
                New credentials
              </Button>
              <Button color="error" onClick={() => setConfirm('off')}>
                Turn off
              </Button>
            </>
          ) : (
            <Button
              variant="contained"
              onClick={turnOn}
              disabled={on.isPending}
              startIcon={on.isPending ? <CircularProgress size={16} /> : undefined}
            >
              Turn on store mode
            </Button>
          )}
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirm === 'regenerate'}
        title="Make new store credentials?"
        confirmLabel="Make new credentials"
        pending={on.isPending}
        onConfirm={turnOn}
        onClose={() => setConfirm(null)}
      >
        The URL and password ShipStation uses now stop working at once. Enter the new ones in
        ShipStation&apos;s Custom Store settings.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'off'}
        title="Turn store mode off?"
        confirmLabel="Turn off"
        destructive
        pending={off.isPending}
        onConfirm={() => off.mutate(undefined, { onSuccess: () => setConfirm(null) })}
        onClose={() => setConfirm(null)}
      >
        ShipStation can no longer pull your Faire orders or tell this portal of shipments through the Custom
        Store. Labels read through your API key still arrive.
      </ConfirmDialog>
      {creds ? <CredentialsDialog creds={creds} onClose={() => setCreds(null)} /> : null}
    </Box>
  );
}
